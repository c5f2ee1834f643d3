import { passwordProblems, type PasswordRequirements } from '@ember/contracts';
import { Check, Dot } from 'lucide-react';
import { useTranslation } from '../../i18n/react';

type Rule = 'min_length' | 'min_lowercase' | 'min_uppercase' | 'min_number' | 'min_symbol' | 'exclude_username';

/** The rules the server enforces, in a fixed order; zero counts and a false flag are no rule. */
function activeRules(rules: PasswordRequirements): { rule: Rule; count: number }[] {
  const counted = (['min_length', 'min_lowercase', 'min_uppercase', 'min_number', 'min_symbol'] as const)
    .filter((rule) => rules[rule] > 0)
    .map((rule) => ({ rule, count: rules[rule] }));
  return rules.exclude_username ? [...counted, { rule: 'exclude_username', count: 0 }] : counted;
}

/**
 * The password policy from the server's configuration, each rule ticked as soon as the typed
 * password meets it. The password input names this list in its `aria-describedby`; a polite
 * status says when every rule is met. Without a known username the username rule is listed but
 * cannot be checked here.
 */
export function PasswordRules({ id, rules, password, username }: {
  id: string;
  rules: PasswordRequirements | undefined;
  password: string;
  username?: string;
}) {
  const { t } = useTranslation();
  if (!rules) return null;
  const list = activeRules(rules);
  if (!list.length) return null;
  const problems = new Set(passwordProblems(password, rules, username));
  const allMet = password.length > 0 && problems.size === 0;
  return (
    <div id={id} className="password-rules">
      <p className="password-rules__intro">{t('password.rulesIntro')}</p>
      <ul>
        {list.map(({ rule, count }) => {
          const checkable = rule !== 'exclude_username' || !!username;
          const met = checkable && password.length > 0 && !problems.has(rule);
          return (
            <li key={rule} className={`password-rule${met ? ' password-rule--met' : ''}`}>
              {met
                ? <Check className="password-rule__mark" aria-hidden="true" size={18} strokeWidth={3} />
                : <Dot className="password-rule__mark" aria-hidden="true" size={18} strokeWidth={3} />}
              {rule === 'exclude_username' ? t('password.rules.exclude_username') : t(`password.rules.${rule}`, { count })}
              {checkable && <span className="visually-hidden"> {met ? t('password.met') : t('password.notMet')}</span>}
            </li>
          );
        })}
      </ul>
      <p className="visually-hidden" role="status">{allMet ? t('password.allMet') : ''}</p>
    </div>
  );
}
