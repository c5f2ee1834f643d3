import type { PrivacyPart } from '../../platform/privacy.js';
import type { QuizzesService } from './quizzes.service.js';

/** A customer's kept quiz submissions are theirs: exported, and deleted with the account. The quizzes themselves hold no one's data. */
export function quizzesPrivacy(quizzes: QuizzesService): PrivacyPart {
  return {
    module: 'quizzes',
    personalTables: ['quizzes_submission'],
    otherTables: ['quizzes_quiz', 'quizzes_quiz_text', 'quizzes_question', 'quizzes_question_text', 'quizzes_answer', 'quizzes_answer_text', 'quizzes_answer_weight'],
    export: async (db, subject) => ({ quiz_submissions: await quizzes.exportFor(db, subject.uuid) }),
    erase: async (tx, subject) => {
      await quizzes.eraseFor(tx, subject.uuid);
    },
  };
}
