import { answerKey, FIRST_ANSWERS_ID, type FirstAnswer, type FirstAnswers } from '../../common/first-answers.ts';

/**
 * A taker of the answers the page's HTML carries (src/common/first-answers.ts), read at the first
 * call: each answer is given once, so a later call of the same URL (a refetch) goes to the server.
 */
export function firstAnswerTaker(read: () => string | null): (url: string) => FirstAnswer | undefined {
  let answers: FirstAnswers | null = null;
  return (url) => {
    if (answers === null) {
      try {
        answers = JSON.parse(read() ?? '{}') as FirstAnswers;
      } catch {
        answers = {};
      }
    }
    const key = answerKey(url);
    const answer = answers[key];
    delete answers[key];
    return answer;
  };
}

/** The answers of this page's shell; the element goes once read. */
export const takeFirstAnswer = firstAnswerTaker(() => {
  const element = document.getElementById(FIRST_ANSWERS_ID);
  element?.remove();
  return element?.textContent ?? null;
});
