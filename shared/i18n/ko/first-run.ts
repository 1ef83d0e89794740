// 처음 시작 안내: 환영, 폴더, AI 앱 연결, 완료.
export const firstRun = {
  welcomeTitle: '환영합니다',
  steps: {
    label: '설정 단계',
    welcome: '환영',
    folders: '폴더 선택',
    connect: 'AI 앱 연결',
    done: '완료',
  },
  finishFailed: '설정을 마치지 못했습니다',
  back: '이전',
  continue: '계속',
  welcome: {
    title: 'FolderGate에 오신 것을 환영합니다',
    lead: 'FolderGate는 이 컴퓨터의 AI 앱이 날짜로 파일을 찾을 수 있게 합니다. 찾는 곳은 직접 고른 폴더뿐입니다.',
    choose: '<0>폴더는 직접 고릅니다.</0> 이 컴퓨터의 다른 곳에는 닿지 않습니다.',
    dates:
      '<0>이름, 크기, 날짜만 봅니다.</0> AI 앱은 파일이 바뀌거나 만들어진 때로 파일을 찾을 수 있지만, FolderGate를 통해 파일을 열거나 바꿀 수는 없습니다.',
    pause: '<0>언제든 일시 중지할 수 있습니다.</0> 스위치 하나로 모든 AI 앱의 검색을 멈춥니다.',
    skip: '설정 건너뛰기',
    skipping: '건너뛰는 중…',
    start: '시작하기',
  },
  folders: {
    title: 'AI가 검색할 폴더 선택',
    lead: '문서 폴더나 프로젝트 폴더처럼 AI 앱이 살펴봐도 괜찮은 폴더를 고르세요. 나중에 바꿀 수 있습니다.',
    soFar: '지금까지 허용한 폴더',
    default: '기본',
    defaultNote: 'AI 앱이 폴더를 지정하지 않으면 <0>기본</0> 폴더에서 검색합니다.',
    withoutFolders: '폴더 없이 계속',
  },
  connect: {
    title: 'AI 앱 연결',
    lead: '폴더와 함께 쓸 AI 앱을 연결하세요. FolderGate는 앱 설정에 자신만 추가하고 다른 것은 바꾸지 않습니다. AI 앱 화면에서 되돌릴 수 있습니다.',
    checkFailed: 'AI 앱을 확인하지 못했습니다',
    looking: '이 컴퓨터에서 AI 앱을 찾는 중…',
    noneTitle: '이 컴퓨터에서 AI 앱을 찾지 못했습니다',
    noneBody:
      'FolderGate는 Claude Desktop, Cursor, VS Code 등 AI 앱 {{count, number}}개를 알고 있지만 여기에서는 하나도 찾지 못했습니다. AI 앱을 설치하면 <0>AI 앱</0> 화면에서 연결하세요.',
    listLabel: '이 컴퓨터의 AI 앱',
    skip: '나중에 하기',
  },
  done: {
    title: '준비가 끝났습니다',
    lead_other: '이제 AI 앱이 폴더 {{count, number}}개를 검색할 수 있습니다.',
    noFolders:
      '아직 허용한 폴더가 없어 AI 앱이 아무것도 검색할 수 없습니다. 폴더 화면에서 언제든 폴더를 추가하세요.',
    connected:
      '연결됨: <0>{{names}}</0>. 앱이 열려 있다면 FolderGate를 인식하도록 다시 시작한 다음(방법은 <1>AI 앱</1> 화면에 있습니다) <2>지난주에 받은 PDF 찾아 줘</2>라고 요청해 보세요. 앱이 보내는 요청은 모두 <3>활동</3>에 표시되고, AI 앱 화면에서 마지막으로 사용한 때를 볼 수 있습니다.',
    working_other:
      '이미 작동 중: <0>{{names}}</0>에서 FolderGate에 요청을 보냈으므로 다시 시작할 필요가 없습니다. <1>지난주에 받은 PDF 찾아 줘</1>라고 요청해 보세요. 앱이 보내는 요청은 모두 <2>활동</2>에 표시됩니다.',
    connectLater: '<0>AI 앱</0> 화면에서 언제든 AI 앱을 연결할 수 있습니다.',
    tryPreview:
      '<0>검색 미리보기</0>에서 직접 검색해 보세요. AI 앱이 받는 결과를 그대로 볼 수 있습니다.',
    pause: 'AI 앱의 검색을 멈추고 싶을 때는 사이드바의 <0>AI 접근 일시 중지</0>를 사용하세요.',
    finishing: '마무리하는 중…',
    finish: '마치기',
    open: 'FolderGate 열기',
  },
};

export const firstRunAsk = {
  title: '먼저 묻기',
  lead: 'AI 앱이 검색할 때마다 허용할지 직접 정하고 싶다면 먼저 묻기를 켜세요. FolderGate가 이 창 위쪽에 요청을 띄우고, AI 앱은 답을 기다립니다. 45초 안에 답하지 않으면 요청은 거부됩니다.',
  switch: 'AI 앱이 FolderGate를 쓰기 전에 먼저 묻기',
  on: '켜짐: AI 앱이 요청할 때마다 FolderGate가 먼저 묻습니다.',
  off: '꺼짐: AI 앱이 묻지 않고 폴더를 검색합니다. 언제든 제어 화면에서 켤 수 있습니다.',
  tryHint:
    'AI 앱이 요청하기 전에 요청이 어떻게 보이는지 확인해 보세요. 어떻게 답하든 아무것도 검색하지 않습니다.',
  try: '테스트 요청 보내기',
  sending: '보내는 중…',
  waiting: '테스트 요청이 이 창 위쪽에서 답을 기다리고 있습니다.',
  allowed: '테스트 요청을 허용했습니다. 활동에 테스트로 표시되어 남습니다.',
  denied: '테스트 요청을 거부했습니다. 활동에 테스트로 표시되어 남습니다.',
  timedOut:
    '테스트 요청에 답하지 않아 AI 앱의 요청처럼 거부되었습니다. 활동에 테스트로 표시되어 남습니다.',
  failed: '테스트 요청을 보내지 못했습니다',
  unavailable:
    '지금은 FolderGate가 물어볼 수 없습니다(다른 FolderGate가 실행 중일 수 있습니다). 먼저 물어야 하는 AI 앱의 요청은 거부됩니다.',
  bannerNote:
    'FolderGate가 스스로 보낸 테스트 요청입니다. 요청한 AI 앱은 없으며, 어떻게 답하든 아무것도 검색하지 않습니다.',
};
