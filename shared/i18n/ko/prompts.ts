// FolderGate의 프롬프트(MCP prompts/list, prompts/get): AI 앱에서 고르는 프롬프트와 대화창에 들어가는
// 메시지. MCP 서버도 i18next 없이 이 말을 읽습니다(shared/prompts/prompts.ts).
import type { PromptWords } from '../en/prompts.js';
import { promptTitles } from './prompt-titles.js';

export const promptWords: PromptWords = {
  prompts: {
    recent_files: {
      title: promptTitles.recent_files,
      description: '허용한 폴더 하나에서 정한 기간에 바뀐 파일을 최신순으로 보여 줍니다.',
    },
    what_changed: {
      title: promptTitles.what_changed,
      description: '허용한 모든 폴더에서 정한 기간에 무엇이 바뀌었는지 정리해 줍니다.',
    },
    find_documents: {
      title: promptTitles.find_documents,
      description:
        '허용한 모든 폴더에서 정한 기간에 바뀐 파일을 문서, 스프레드시트, 이미지 같은 종류로 골라 찾습니다.',
    },
  },
  args: {
    folder: '찾아볼 허용 폴더: {{folders}}',
    noFolder: '찾아볼 허용 폴더(아직 허용한 폴더가 없습니다. FolderGate에서 폴더를 추가하세요)',
    period: '기간: {{periods}}, "최근 N일" 또는 날짜(YYYY-MM-DD)',
    kind: '파일 종류: {{kinds}}',
  },
  periods: {
    today: '오늘',
    yesterday: '어제',
    this_week: '이번 주',
    last_7_days: '최근 7일',
    this_month: '이번 달',
    last_30_days: '최근 30일',
    last_month: '지난달',
  },
  lastDays: '최근 {{count}}일',
  kinds: {
    documents: '문서',
    spreadsheets: '스프레드시트',
    presentations: '프레젠테이션',
    pdfs: 'PDF',
    images: '이미지',
    audio: '오디오',
    video: '동영상',
    code: '코드',
    archives: '압축 파일',
  },
  messages: {
    recent_files:
      '내 폴더 "{{folder}}"에서 바뀐 파일을 최신순으로 보여 줘. 기간: {{period}}({{range}}).',
    what_changed:
      '내 폴더에서 무엇이 바뀌었는지 알려 줘. 기간: {{period}}({{range}}). 폴더별로 새로 생기거나 고친 파일과 눈에 띄는 점을 정리해 줘.',
    find_documents: '내 폴더에서 바뀐 {{kind}} 파일을 찾아 줘. 기간: {{period}}({{range}}).',
    callOne: 'FolderGate의 도구 {{tool}}에 다음 인수를 넣어 호출해:',
    callEach:
      'FolderGate의 도구 {{tool, josa(p:을/를)}} 아래 폴더마다 한 번씩, 다음 인수로 호출해:',
    approval:
      'FolderGate가 검색하기 전에 나에게 허용할지 물어볼 수 있어. 그러면 내 답을 기다려 줘. 결과가 더 있다고 하면 다음 페이지도 요청해 줘.',
    since: '{{from}}부터',
    between: '{{from}}부터 {{to}} 전까지',
  },
  errors: {
    unknownPrompt: {
      message: 'FolderGate에는 이름이 "{{name}}"인 프롬프트가 없습니다.',
      fix: '다음 중 하나를 쓰세요: {{names}}',
    },
    off: {
      message: '사용자가 FolderGate의 프롬프트를 꺼 두었습니다.',
      fix: 'FolderGate의 제어 화면에서 프롬프트를 켤 수 있다고 사용자에게 알려 주세요.',
    },
    searchOff: {
      message: '사용자가 이 프롬프트들이 쓰는 검색을 꺼 두었습니다.',
      fix: 'FolderGate의 제어 화면에서 검색을 켤 수 있다고 사용자에게 알려 주세요.',
    },
    missing: {
      message: '인수 {{name, josa(p:이/가)}} 없습니다.',
      fix: '{{name}} 값을 주세요. {{hint}}',
    },
    unknownFolder: {
      message: '허용한 폴더 중에 {{folder, josa(p:이/가)}} 없습니다.',
      fix: '허용한 폴더 중 하나를 쓰세요: {{folders}}',
    },
    noFolders: {
      message: 'FolderGate에서 아직 허용한 폴더가 없습니다.',
      fix: 'FolderGate의 폴더 화면에서 폴더를 추가한 뒤 다시 시도하세요.',
    },
    badPeriod: {
      message: 'FolderGate가 모르는 기간입니다: "{{period}}"',
      fix: '{{periods}}, "최근 N일"(366일까지) 또는 날짜(YYYY-MM-DD)를 쓰세요.',
    },
    badKind: {
      message: 'FolderGate가 모르는 파일 종류입니다: "{{kind}}"',
      fix: '다음 중 하나를 쓰세요: {{kinds}}',
    },
    kindNotAllowed: {
      message: '허용한 폴더 중 AI 앱이 {{kind}} 파일을 볼 수 있는 폴더가 없습니다.',
      fix: '다른 종류를 고르거나 FolderGate의 폴더 화면에서 이 파일 형식을 허용하세요.',
    },
  },
};
