// The prompts' titles in Korean (what an AI app lists, and what Activity names): apart from
// the rest of the prompts' words (./prompts.ts), so the window's Activity needs only these.
import type { PromptTitles } from '../en/prompt-titles.js';

export const promptTitles: PromptTitles = {
  recent_files: '최근 파일',
  what_changed: '바뀐 내용 살펴보기',
  find_documents: '문서 찾기',
};
