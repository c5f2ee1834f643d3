import { useCallback, useRef, useState } from 'react';

/** Beside the query cache (`./query`), apart from it: only the account's forms change things this way. */
export interface MutationOptions<V, R> {
  mutationFn: (variables: V) => Promise<R>;
  onSuccess?: (result: R, variables: V) => void;
  onError?: (error: unknown, variables: V) => void;
}

/** A change the component makes: its state while it runs and after. */
export function useMutation<R, V = void>(options: MutationOptions<V, R>) {
  const [state, setState] = useState<{ status: 'idle' | 'pending' | 'error' | 'success'; data?: R; error?: unknown }>({ status: 'idle' });
  const latest = useRef(options);
  latest.current = options;
  const mutateAsync = useCallback(async (variables: V): Promise<R> => {
    setState({ status: 'pending' });
    try {
      const data = await latest.current.mutationFn(variables);
      setState({ status: 'success', data });
      latest.current.onSuccess?.(data, variables);
      return data;
    } catch (error) {
      setState({ status: 'error', error });
      latest.current.onError?.(error, variables);
      throw error;
    }
  }, []);
  const mutate = useCallback((variables: V) => void mutateAsync(variables).catch(() => undefined), [mutateAsync]);
  return {
    ...state,
    mutate,
    mutateAsync,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    isSuccess: state.status === 'success',
  };
}
