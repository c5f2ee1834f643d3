-- Quizzes: questionnaires whose answers score the catalogue's flavours (the flavour finder), with
-- their words per language, and the submissions customers keep (docs/decisions/0062).

CREATE TABLE quizzes_quiz (
  code text PRIMARY KEY CHECK (code ~ '^[a-z][a-z0-9-]{0,47}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE quizzes_quiz_text (
  quiz_code text NOT NULL REFERENCES quizzes_quiz (code) ON DELETE CASCADE,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  intro text NOT NULL CHECK (length(intro) BETWEEN 1 AND 500),
  PRIMARY KEY (quiz_code, language)
);

CREATE TABLE quizzes_question (
  quiz_code text NOT NULL REFERENCES quizzes_quiz (code) ON DELETE CASCADE,
  code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9-]{0,47}$'),
  position int NOT NULL CHECK (position >= 0),
  PRIMARY KEY (quiz_code, code),
  CONSTRAINT quizzes_question_position UNIQUE (quiz_code, position)
);

CREATE TABLE quizzes_question_text (
  quiz_code text NOT NULL,
  question_code text NOT NULL,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 300),
  PRIMARY KEY (quiz_code, question_code, language),
  FOREIGN KEY (quiz_code, question_code) REFERENCES quizzes_question (quiz_code, code) ON DELETE CASCADE
);

CREATE TABLE quizzes_answer (
  quiz_code text NOT NULL,
  question_code text NOT NULL,
  code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9-]{0,47}$'),
  position int NOT NULL CHECK (position >= 0),
  PRIMARY KEY (quiz_code, question_code, code),
  CONSTRAINT quizzes_answer_position UNIQUE (quiz_code, question_code, position),
  FOREIGN KEY (quiz_code, question_code) REFERENCES quizzes_question (quiz_code, code) ON DELETE CASCADE
);

CREATE TABLE quizzes_answer_text (
  quiz_code text NOT NULL,
  question_code text NOT NULL,
  answer_code text NOT NULL,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 200),
  PRIMARY KEY (quiz_code, question_code, answer_code, language),
  FOREIGN KEY (quiz_code, question_code, answer_code) REFERENCES quizzes_answer (quiz_code, question_code, code) ON DELETE CASCADE
);

-- What choosing an answer adds to (or takes from) a flavour's score; a flavour it leaves alone has no row.
CREATE TABLE quizzes_answer_weight (
  quiz_code text NOT NULL,
  question_code text NOT NULL,
  answer_code text NOT NULL,
  flavor text NOT NULL REFERENCES catalog_flavor (code),
  weight int NOT NULL CHECK (weight BETWEEN -10 AND 10 AND weight <> 0),
  PRIMARY KEY (quiz_code, question_code, answer_code, flavor),
  FOREIGN KEY (quiz_code, question_code, answer_code) REFERENCES quizzes_answer (quiz_code, question_code, code) ON DELETE CASCADE
);

-- A customer's kept submission: the answers as given, the questions with the words of the chosen
-- answers as they were asked (in the store view's language), and the scored flavours best first.
-- A guest's scoring is kept nowhere.
CREATE TABLE quizzes_submission (
  id uuid PRIMARY KEY,
  user_uuid uuid NOT NULL REFERENCES identity_user (uuid) ON DELETE CASCADE,
  quiz_code text NOT NULL REFERENCES quizzes_quiz (code),
  store_code text NOT NULL REFERENCES store_view (code),
  -- [{ "question": "...", "answer": "..." }]
  answers jsonb NOT NULL CHECK (
    jsonb_typeof(answers) = 'array' AND jsonb_array_length(answers) BETWEEN 1 AND 20
    AND NOT jsonb_path_exists(answers, '$[*] ? (!exists(@.question) || !exists(@.answer) || @.question.type() != "string" || @.answer.type() != "string")')
  ),
  -- [{ "code": "...", "text": "...", "answer": { "code": "...", "text": "..." } | null }]
  questions jsonb NOT NULL CHECK (jsonb_typeof(questions) = 'array' AND jsonb_array_length(questions) BETWEEN 1 AND 20),
  -- [{ "flavor": "...", "score": n }], best first
  results jsonb NOT NULL CHECK (
    jsonb_typeof(results) = 'array' AND jsonb_array_length(results) <= 20
    AND NOT jsonb_path_exists(results, '$[*] ? (!exists(@.flavor) || !exists(@.score) || @.flavor.type() != "string" || @.score.type() != "number")')
  ),
  submitted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quizzes_submission_user ON quizzes_submission (user_uuid, quiz_code, submitted_at DESC);

-- The flavour finder's page is kept by the page cache: a change to a quiz drops it (docs/decisions/0042).
CREATE TRIGGER quizzes_quiz_changes AFTER INSERT OR UPDATE OR DELETE ON quizzes_quiz FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('content');
CREATE TRIGGER quizzes_quiz_text_changes AFTER INSERT OR UPDATE OR DELETE ON quizzes_quiz_text FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('content');
CREATE TRIGGER quizzes_question_changes AFTER INSERT OR UPDATE OR DELETE ON quizzes_question FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('content');
CREATE TRIGGER quizzes_question_text_changes AFTER INSERT OR UPDATE OR DELETE ON quizzes_question_text FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('content');
CREATE TRIGGER quizzes_answer_changes AFTER INSERT OR UPDATE OR DELETE ON quizzes_answer FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('content');
CREATE TRIGGER quizzes_answer_text_changes AFTER INSERT OR UPDATE OR DELETE ON quizzes_answer_text FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('content');
