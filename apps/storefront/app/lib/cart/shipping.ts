/** One string per shipping method, for radio values and comparisons. */
export function methodKey(method: { carrier_code: string; method_code: string | null }): string {
  return `${method.carrier_code}/${method.method_code ?? ''}`;
}
