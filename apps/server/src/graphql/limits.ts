import type { ASTVisitor, FragmentDefinitionNode, SelectionSetNode, ValidationContext } from 'graphql';
import { graphqlJs } from './graphql-js.js';

const { GraphQLError, Kind } = graphqlJs;

/**
 * Counts the fields a document selects, with fragments expanded (a fragment cycle counts as
 * over the limit), and rejects the document before any resolver runs. This is Magento's
 * `queryComplexity` measure.
 */
export function complexityLimitRule(maxComplexity: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const count = (set: SelectionSetNode, seen: Set<string>, budget: { left: number }): void => {
      for (const sel of set.selections) {
        if (budget.left < 0) return;
        if (sel.kind === Kind.FIELD) {
          budget.left -= 1;
          if (sel.selectionSet) count(sel.selectionSet, seen, budget);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          count(sel.selectionSet, seen, budget);
        } else {
          const name = sel.name.value;
          const frag = fragments.get(name);
          if (!frag) continue;
          if (seen.has(name)) {
            budget.left = -1;
            return;
          }
          count(frag.selectionSet, new Set(seen).add(name), budget);
        }
      }
    };
    return {
      OperationDefinition(node) {
        const budget = { left: maxComplexity };
        count(node.selectionSet, new Set(), budget);
        if (budget.left < 0) {
          context.reportError(
            new GraphQLError(`Max query complexity should be ${maxComplexity}`, {
              nodes: [node],
              extensions: { category: 'graphql-input', code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        }
      },
    };
  };
}

/** Rejects documents nested deeper than maxDepth (fragments expanded), Magento's `queryDepth`. */
export function depthLimitRule(maxDepth: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const depthOf = (set: SelectionSetNode, depth: number, seen: Set<string>): number => {
      let max = depth;
      for (const sel of set.selections) {
        if (max > maxDepth) return max;
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__') && !sel.selectionSet) continue;
          max = Math.max(max, sel.selectionSet ? depthOf(sel.selectionSet, depth + 1, seen) : depth + 1);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          max = Math.max(max, depthOf(sel.selectionSet, depth, seen));
        } else {
          const frag = fragments.get(sel.name.value);
          if (!frag || seen.has(sel.name.value)) continue;
          max = Math.max(max, depthOf(frag.selectionSet, depth, new Set(seen).add(sel.name.value)));
        }
      }
      return max;
    };
    return {
      OperationDefinition(node) {
        if (depthOf(node.selectionSet, 0, new Set()) > maxDepth) {
          context.reportError(
            new GraphQLError(`Max query depth should be ${maxDepth}`, {
              nodes: [node],
              extensions: { category: 'graphql-input', code: 'QUERY_TOO_DEEP' },
            }),
          );
        }
      },
    };
  };
}

/**
 * Refuses string literals holding a NUL character (written `\\u0000` in a document): PostgreSQL
 * cannot keep one in text, and no field of the shop needs it (docs/decisions/0032).
 */
export function nulFreeStringsRule() {
  return (context: ValidationContext): ASTVisitor => ({
    StringValue(node) {
      if (node.value.includes('\0')) {
        context.reportError(
          new GraphQLError('A string contains a character that is not allowed.', {
            nodes: [node],
            extensions: { category: 'graphql-input', code: 'BAD_REQUEST' },
          }),
        );
      }
    },
  });
}

/** Fields that check a password (Magento's sign-in). */
const CREDENTIAL_FIELDS = new Set(['generateCustomerToken']);

/**
 * A document may check one password: a credential field stands once, outside fragments, so that
 * aliases or a fragment spread many times cannot turn one request into many guesses (each guess also
 * counts against the sign-in's attempt budget).
 */
export function singleCredentialFieldRule() {
  return (context: ValidationContext): ASTVisitor => {
    let seen = 0;
    let inFragment = false;
    return {
      FragmentDefinition: {
        enter() {
          inFragment = true;
        },
        leave() {
          inFragment = false;
        },
      },
      Field(node) {
        if (!CREDENTIAL_FIELDS.has(node.name.value)) return;
        seen += 1;
        if (seen > 1 || inFragment) {
          context.reportError(
            new GraphQLError(`${node.name.value} may be asked once a request, and not in a fragment.`, {
              nodes: [node],
              extensions: { category: 'graphql-input', code: 'BAD_REQUEST' },
            }),
          );
        }
      },
    };
  };
}
