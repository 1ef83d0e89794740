// 승인 배너와 승인 창, 일시 중지 스위치, 제어 화면.
export const approval = {
  allowOnce: '한 번 허용',
  deny: '거부',
  allow15: '15분 동안 허용',
  allowAlways: '이 앱은 항상 허용',
  waits: '앱이 답을 기다리고 있습니다. <0>{{left}} 후</0> 자동으로 거부됩니다.',
  needed: '승인 필요',
  neededOf: '승인 필요 · {{count, number}}개 중 {{index, number}}번째',
  folder: '폴더: <0>{{folder}}</0>',
  answerGroup: '답변',
  keys: 'Enter 키: 한 번 허용 · Esc 키: 거부',
  rememberGroup: '답변 기억하기',
  notSent: '답변을 보내지 못했습니다',
  noName: '이름을 밝히지 않은 앱',
  namedApp: '스스로 {{name, josa(p:이라고/라고;q:1)}} 밝힌 앱',
  sentByChecked:
    '{{app, josa(p:이/가)}} 보낸 요청입니다. 이 컴퓨터의 어느 프로그램이 보냈는지 FolderGate가 확인했습니다.',
  originDetails: '자세히',
  sentByProgram:
    '{{app, josa(p:이/가)}} 프로세스 {{pid}}(<0>{{executable}}</0>)에서 보낸 요청입니다. 이 프로세스를 시작한 프로그램은 “{{program}}”입니다.',
  sentByProcess:
    '{{app, josa(p:이/가)}} 프로세스 {{pid}}(<0>{{executable}}</0>)에서 보낸 요청입니다.',
  sentByUnchecked:
    '{{app, josa(p:이/가)}} 보낸 요청입니다. 어느 프로그램이 보냈는지 FolderGate가 확인하지 못했습니다. 예상한 요청이 아니면 거부하세요.',
  sentBy:
    '{{app, josa(p:이/가)}} FolderGate 연결을 거쳐 보낸 요청입니다. 이 시스템에서는 어느 프로그램이 보냈는지 FolderGate가 알 수 없습니다.',
};

export const pause = {
  label: 'AI 접근 일시 중지',
  failed: 'AI 접근 상태를 바꾸지 못했습니다',
  until: '{{time}}까지',
  untilTomorrow: '내일 {{time}}까지',
  untilDay: '{{day}} {{time}}까지',
  pausedUntil:
    '<0>AI 접근이 {{until}} 일시 중지되었습니다.</0> 그때까지 또는 다시 시작할 때까지 AI 앱의 모든 검색을 거부합니다.',
  paused:
    '<0>AI 접근이 일시 중지되었습니다.</0> 다시 시작할 때까지 AI 앱의 모든 검색을 거부합니다.',
  resuming: '다시 시작하는 중…',
  resume: 'AI 접근 다시 시작',
  resumeFailed: '다시 시작하지 못했습니다',
};

export const control = {
  title: '제어',
  description:
    'AI 앱이 FolderGate로 할 수 있는 일을 정합니다. 바꾼 내용은 연결된 모든 AI 앱에 바로 적용됩니다.',
  pauseTitle: '일시 중지',
  pauseSetting: 'AI 접근 일시 중지',
  pauseHint:
    '일시 중지하는 동안 모든 AI 앱은 결과 대신 “FolderGate에서 AI 접근이 일시 중지되었습니다”라는 답을 받습니다. 폴더와 설정은 그대로 유지됩니다.',
  pausedUntil: '{{until}} 일시 중지됨. 그때가 되면 AI 접근이 저절로 다시 켜집니다.',
  forAWhile: '잠시 일시 중지',
  hour: '1시간 동안 일시 중지',
  tomorrow: '내일까지 일시 중지',
  toolsTitle: 'AI 앱이 할 수 있는 일',
  toolsHint: '여기에서 끈 기능은 모든 AI 앱에서 보이지 않고, 앱이 그래도 시도하면 거부됩니다.',
  notChanged: '바뀌지 않았습니다',
  tools: {
    search: {
      title: '날짜로 파일 찾기',
      text: 'AI 앱이 허용한 폴더에 있는 파일의 이름, 크기, 날짜를 볼 수 있습니다(내용은 보지 못합니다).',
      offText:
        '꺼짐: 지금은 어떤 AI 앱도 파일 목록을 볼 수 없으며, 이 기능이 꺼져 있다고 안내받습니다.',
    },
    logic_list: {
      title: '로직 카탈로그 목록 보기',
      text: 'AI 앱이 로직 카탈로그에 있는 SQL 로직의 이름을 볼 수 있습니다.',
      offText: '꺼짐: 지금은 어떤 AI 앱도 로직 카탈로그를 볼 수 없습니다.',
    },
    logic_get: {
      title: '로직 읽기',
      text: 'AI 앱이 로직 하나의 SQL 문, 매개변수, 로그인 설정을 읽을 수 있습니다.',
      offText: '꺼짐: 지금은 어떤 AI 앱도 로직을 읽을 수 없습니다.',
    },
    prompts: {
      title: '준비된 프롬프트 제공',
      text: 'AI 앱에서 “최근 파일” 같은 FolderGate 프롬프트를 골라 검색을 부탁할 수 있습니다.',
      offText: '꺼짐: 이제 AI 앱에 FolderGate 프롬프트가 나타나지 않습니다.',
    },
    resources: {
      title: '폴더 목록과 저장된 결과 읽기',
      text: 'AI 앱이 허용한 폴더 목록과 자신이 검색한 결과를 다시 읽을 수 있습니다(이름, 크기, 날짜만).',
      offText: '꺼짐: 지금은 어떤 AI 앱도 폴더 목록이나 저장된 검색 결과를 읽을 수 없습니다.',
    },
  },
  rules: { default: '위 설정 따르기', ask: '항상 묻기', allow: '묻지 않기' },
  askTitle: '먼저 묻기',
  askHint:
    'AI 앱이 FolderGate를 쓰려고 하면 이 창 위쪽에 요청이 나타납니다. 한 번 허용, 15분 동안 허용, 이 앱은 항상 허용, 거부 중에서 고르세요. 45초 안에 답하지 않은 요청은 AI 앱이 기다리다 포기하기 전에 거부되며, FolderGate가 닫혀 있는 동안의 요청도 모두 거부됩니다.',
  ask: 'AI 앱이 FolderGate를 쓰기 전에 묻기',
  askOn:
    '켜짐: AI 앱이 호출할 때마다 먼저 묻습니다(아래에서 “묻지 않기”로 정한 앱은 묻지 않습니다).',
  askOff:
    '꺼짐: AI 앱이 묻지 않고 위의 도구를 씁니다(아래에서 “항상 묻기”로 정한 앱은 계속 묻습니다).',
  perApp: '앱별 설정',
  appCalls_other: '호출 {{count, number}}개',
  appNoCalls: '연결됨, 아직 호출 없음',
  appNoRecords: '활동에 기록된 호출 없음',
  noApps:
    '아직 연결되었거나 FolderGate를 사용한 AI 앱이 없습니다. 앱을 연결하거나 앱이 처음 호출하면 여기에 나타납니다.',
};
