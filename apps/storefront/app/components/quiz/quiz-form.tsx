import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Quiz, QuizAnswerInput } from '../../lib/api/quizzes.api';

interface QuizFormProps {
  quiz: Quiz;
  busy: boolean;
  /** Answers chosen before, to start from ("take it again" keeps them). */
  initial?: QuizAnswerInput[];
  onSubmit: (answers: QuizAnswerInput[]) => void;
}

/**
 * Every question of the quiz as a radio group (fieldset and legend) on one page: arrow keys move
 * within a question, Tab between them. At least one answer is needed; the rest may stay open.
 */
export function QuizForm({ quiz, busy, initial = [], onSubmit }: QuizFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<Record<string, string>>(() => Object.fromEntries(initial.map((a) => [a.question, a.answer])));
  const [missing, setMissing] = useState(false);

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answers = quiz.questions.flatMap((q) => (chosen[q.code] ? [{ question: q.code, answer: chosen[q.code]! }] : []));
    if (answers.length === 0) {
      setMissing(true);
      event.currentTarget.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    setMissing(false);
    onSubmit(answers);
  };

  return (
    <form className="quiz-form" noValidate onSubmit={submit} aria-describedby={missing ? `${id}-missing` : undefined}>
      <ol className="quiz-form__questions">
        {quiz.questions.map((q, i) => (
          <li key={q.code} className="quiz-form__question">
            <fieldset className="choice-group">
              <legend className="choice-group__legend">
                <span className="quiz-form__number">{t('flavorFinder.questionNumber', { number: i + 1, total: quiz.questions.length })}</span>{' '}
                {q.text}
              </legend>
              {q.answers.map((a) => (
                <label key={a.code} className="choice" htmlFor={`${id}-${q.code}-${a.code}`}>
                  <input
                    id={`${id}-${q.code}-${a.code}`}
                    className="choice__input"
                    type="radio"
                    name={q.code}
                    value={a.code}
                    checked={chosen[q.code] === a.code}
                    onChange={() => setChosen((c) => ({ ...c, [q.code]: a.code }))}
                  />
                  <span className="choice__label">{a.text}</span>
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ol>
      {missing && <p id={`${id}-missing`} className="form-error" role="alert">{t('flavorFinder.answerOne')}</p>}
      <button type="submit" className="button" disabled={busy}>{busy ? t('flavorFinder.finding') : t('flavorFinder.submit')}</button>
    </form>
  );
}
