// 고급: 검색 한도, 바로 검색, 미리보기 엔진, 정보(언어 선택 포함).
export const advanced = {
  title: '고급',
  description:
    '대부분은 바꿀 일이 없는 설정입니다. 검색이 멈추는 조건, 건너뛸 항목, 미리보기 엔진, 로직 카탈로그를 여기서 정합니다.',
  tabsLabel: '고급 설정',
  tabs: {
    limits: '검색 한도',
    engine: '미리보기 엔진',
    logic: '로직 카탈로그',
    about: '정보',
  },
  couldNotChange: '바꾸지 못했습니다',
  login: {
    title: '로그인할 때 시작',
    setting: '로그인하면 FolderGate 시작',
    hint: '로그인하자마자 FolderGate가 트레이에서 기다리며 AI 요청을 물어볼 준비를 합니다.',
  },
  instant: {
    title: '바로 검색',
    setting: '바로 검색을 위해 폴더 목록 유지',
    hint: 'FolderGate가 폴더 안 파일의 이름, 크기, 날짜를 기억해 두어(파일 내용은 보지 않습니다) AI 앱이 완전한 답을 바로 받습니다. 파일 백만 개에 메모리를 약 140MB 씁니다. 끄면 검색할 때마다 폴더를 다시 살펴보므로 느려지고, 아주 큰 폴더는 여러 번에 나누어 답합니다.',
    holding: '지금 파일과 폴더 {{count, number}}개를 기억하고 있습니다.',
  },
  updates: {
    title: '업데이트',
    notChecked: '아직 새 버전을 확인하지 않았습니다.',
    checking: '새 버전을 확인하는 중…',
    downloading: 'FolderGate {{version}} 내려받는 중… {{percent}}%',
    ready: 'FolderGate {{version}} 버전을 내려받아 확인했습니다. 설치할 준비가 되었습니다.',
    upToDate: '최신 버전입니다({{when}}에 확인).',
    problem: {
      offline:
        '업데이트 서버에 연결하지 못했습니다. 지금 버전을 그대로 쓰고 다음 확인 때 다시 시도합니다.',
      feed: '업데이트 서버가 업데이트가 아닌 응답을 보냈습니다. 지금 버전을 그대로 씁니다.',
      checksum:
        '내려받은 파일이 손상되어(체크섬이 맞지 않음) 아무것도 설치하지 않았습니다. 다음 확인 때 다시 내려받습니다.',
      other: '업데이트를 확인하거나 내려받지 못했습니다. 지금 버전을 그대로 씁니다.',
    },
    unsupported: {
      'not-installed':
        '소스 폴더에서 실행 중인 FolderGate입니다. 새 버전은 설치한 앱으로 받습니다.',
      'web-host':
        '브라우저에서 여는 FolderGate는 스스로 업데이트하지 않습니다. 데스크톱 앱이 업데이트합니다.',
      'no-feed': '업데이트 주소 없이 만든 FolderGate라서 새 버전을 찾을 수 없습니다.',
    },
    whatChanged: '{{version}} 버전의 새로운 점',
    runningApps: {
      'keeps-running':
        '실행 중인 AI 앱은 FolderGate를 다시 시작할 때까지 지금 버전을 계속 씁니다. 하던 일이 끊기지 않습니다.',
      'quit-first':
        'FolderGate를 쓰는 AI 앱이 실행 중이면 먼저 종료해 달라고 안내합니다. Windows에서는 실행 중인 프로그램을 바꿀 수 없기 때문입니다.',
    },
    restart: '다시 시작해서 {{version}} 버전으로 업데이트',
    waitingTitle: '아래 일이 끝나면 바로 다시 시작합니다',
    waitApproval_other: '답을 기다리는 요청 {{count, number}}개',
    waitSearch_other: '검색 미리보기에서 진행 중인 검색 {{count, number}}개',
    waitApp: '{{app, josa(p:을/를)}} 종료하세요. FolderGate를 실행하고 있습니다',
    waitUnknownApp: 'FolderGate를 실행 중인 AI 앱을 종료하세요(프로세스 {{pid}})',
    cancel: '지금 다시 시작하지 않기',
    check: '지금 확인',
    failed: '업데이트를 진행하지 못했습니다',
    auto: '업데이트 자동 확인',
    autoHint:
      'FolderGate를 시작할 때와 하루에 한 번 확인합니다. 새 버전은 백그라운드에서 내려받고, FolderGate를 다시 시작할 때만 설치합니다.',
  },
  limits: {
    formLabel: '검색 한도',
    stopsTitle: '검색이 멈추는 조건',
    stopsHint:
      '검색이 이 한도 중 하나에 닿으면 멈추고 지금까지 찾은 파일을 돌려줍니다. AI 앱은 이어서 더 요청할 수 있습니다. 모든 AI 앱과 미리보기에 적용됩니다. 보통 값: {{defaults}}.',
    defaults: '{{files}}, {{folders}}, {{seconds}}',
    fields: {
      maxFilesScanned: '파일을 이만큼 확인하면 검색 멈추기',
      maxDirectoriesScanned: '폴더를 이만큼 확인하면 검색 멈추기',
      timeoutSeconds: '이만큼 시간(초)이 지나면 검색 멈추기',
    },
    files_other: '파일 {{count, number}}개',
    folders_other: '폴더 {{count, number}}개',
    seconds_other: '{{count, number}}초',
    number: '{{min}}에서 {{max}} 사이의 숫자를 입력하세요.',
    whole: '{{min}}에서 {{max}} 사이의 정수를 입력하세요.',
    usual: '보통 한도로 되돌리기',
    skipTitle: '건너뛸 파일과 폴더',
    skipHint:
      '허용한 어떤 폴더에서도 이 항목은 목록에 넣지 않고, 건너뛴 폴더 안은 살펴보지 않습니다.',
    skipLabel: '건너뛸 항목 <0>(한 줄에 이름이나 패턴 하나)</0>',
    skipPlaceholder: '예:\nnode_modules\n*.tmp',
    skipHelp:
      '<0>node_modules</0> 같은 이름은 그 이름의 파일이나 폴더를 모두 건너뜁니다. <1>*.tmp</1> 같은 패턴은 <3>.tmp</3>로 끝나는 이름을 모두 건너뜁니다. 폴더 이름 사이에는 <2>photos/raw</2>처럼 “/”를 쓰세요.',
    linksTitle: '폴더 안의 바로 가기(링크)',
    links: '같은 폴더 안의 다른 곳을 가리키는 바로 가기(링크) 안도 살펴보기',
    linksHint:
      '허용한 폴더 밖으로 이어지는 바로 가기는 따라가지 않습니다. 켜면 검색이 느려지고 같은 파일이 두 번 나올 수 있습니다.',
    saving: '저장하는 중…',
    save: '변경 내용 저장',
    fixMarked: '저장하려면 표시된 칸을 고치세요.',
    discard: '변경 내용 버리기',
    saved: '저장했습니다. 모든 AI 앱이 다음 검색부터 새 설정을 씁니다.',
    notSaved: '설정을 저장하지 못했습니다',
  },
  engine: {
    title: '미리보기 엔진',
    restarting: '다시 시작하는 중…',
    restart: '미리보기 엔진 다시 시작',
    explain1: '미리보기 엔진은 이 창의 <0>검색 미리보기</0>에서 직접 하는 검색만 실행합니다.',
    explain2:
      'AI 앱(Claude, Cursor 등)은 필요할 때 각자 FolderGate를 따로 시작합니다. 미리보기 엔진을 다시 시작해도 AI 앱에는 영향이 없습니다.',
    checking: '미리보기 엔진을 확인하는 중…',
    state: '상태:',
    states: {
      running: '실행 중',
      starting: '시작하는 중',
      unresponsive: '응답 없음, 다시 시작하는 중',
      restarting: '다시 시작하는 중',
      crashed: '오류가 반복되어 멈춤',
      stopped: '멈춤',
    },
    crashedTitle: '오류가 반복되어 미리보기 엔진이 멈췄습니다',
    crashedBody:
      '<0>미리보기 엔진 다시 시작</0>을 누르세요. 다시 멈추면 자세히에 있는 메시지에서 이유를 볼 수 있습니다. AI 앱에는 영향이 없습니다.',
    notRestarted: '미리보기 엔진을 다시 시작하지 못했습니다',
    details: '자세히',
    technical: '기술적 상태',
    pid: '프로세스 ID',
    restarts: '다시 시작한 횟수',
    started: '시작 시각',
    runningAs: '실행 방식',
    desktop: '데스크톱 앱',
    web: '브라우저의 웹 페이지',
    lastError: '마지막 오류',
    messages: '최근 메시지({{count, number}}개)',
    noMessages: '미리보기 엔진이 남긴 메시지가 없습니다.',
  },
};

export const about = {
  title: 'FolderGate 정보',
  lead: 'FolderGate는 이 컴퓨터의 AI 앱이 직접 고른 폴더에서만 날짜로 파일을 찾을 수 있게 하고, AI 앱이 보낸 요청을 모두 보여 줍니다.',
  version: '버전',
  settingsFile: '설정 파일',
  fastRead: {
    title: '새 폴더 빠르게 읽기',
    states: {
      on: '켜짐. 새 폴더가 바로 검색에 더 빨리 준비됩니다.',
      'off-platform':
        '이 컴퓨터에서는 꺼져 있습니다. 새 폴더를 더 천천히 읽지만 검색 결과는 같습니다.',
      'off-disabled':
        'FolderGate를 시작할 때 꺼 두었습니다. 새 폴더를 더 천천히 읽지만 검색 결과는 같습니다.',
      'off-failed':
        '이 컴퓨터에서 시작하지 못해 꺼져 있습니다. 새 폴더를 더 천천히 읽지만 검색 결과는 같습니다.',
    },
    instantOff: '바로 검색이 꺼져 있어 쓰지 않습니다.',
    notRunning: '바로 검색이 실행되고 있지 않아 지금은 알 수 없습니다.',
    elsewhere:
      '이 컴퓨터의 다른 FolderGate가 이 폴더들의 바로 검색을 맡고 있어 여기서는 알 수 없습니다.',
  },
  language: {
    title: '언어',
    label: 'FolderGate 언어',
    hint: '이 창, 트레이 메뉴, 알림, 명령줄에 쓰는 언어입니다. AI 앱에 전달하는 내용은 영어로 유지됩니다.',
    system: '이 컴퓨터와 같게({{language}})',
    failed: '언어를 바꾸지 못했습니다',
  },
  privacyTitle: '개인 정보 보호',
  privacy: {
    internet:
      'FolderGate는 파일이나 파일 이름, 파일에 관한 어떤 정보도 인터넷으로 보내지 않습니다. 계정도, 사용 통계 수집도, 외부로 연락하는 업데이트도 없습니다.',
    contents:
      '파일을 열어 내용을 읽지 않습니다. AI 앱은 허용한 폴더에 있는 파일의 이름, 크기, 날짜만 받습니다.',
    talks: '이 컴퓨터에서 연결한 AI 앱과 이 창하고만 통신합니다.',
    local:
      '설정과 활동 기록은 이 컴퓨터의 데이터 폴더에 남습니다. 활동 기록을 얼마나 보관할지는 직접 정합니다(활동 › 설정).',
  },
  helpTitle: '도움말',
  help: {
    notSeenQ: 'AI 앱에서 FolderGate가 보이지 않아요',
    notSeenA:
      'AI 앱 화면에서 연결됨으로 표시되는지 확인한 뒤, AI 앱을 완전히 종료했다가 다시 여세요.',
    pausedQ: 'AI가 접근이 일시 중지되었다고 해요',
    pausedA: '사이드바 아래쪽의 “AI 접근 일시 중지”를 끄거나, 배너에서 다시 시작을 누르세요.',
    missingQ: '폴더에 “찾을 수 없음”이 표시돼요',
    missingA:
      '폴더가 있던 드라이브를 다시 연결하거나, 폴더 화면에서 제거한 뒤 올바른 폴더를 추가하세요.',
  },
  removeTitle: 'FolderGate 제거',
  remove: {
    disconnect:
      'AI 앱 화면에서 연결된 앱마다 연결 끊기를 누르세요(앱의 설정 파일에서 FolderGate가 빠집니다).',
    quit: '트레이 메뉴에서 FolderGate를 종료하세요.',
    uninstall:
      '다른 앱을 지울 때처럼 제거하세요. Windows에서는 설정 › 앱, Mac에서는 휴지통으로 끌어 놓기, Linux에서는 패키지 관리자를 씁니다.',
    data: '설정과 활동 기록까지 지우려면 위의 데이터 폴더를 지우세요.',
  },
  licencesTitle: '라이선스',
  licencesLead: 'FolderGate는 다음 오픈 소스 구성 요소로 만들었습니다:',
  part: '구성 요소',
  licence: '라이선스',
  usedFor: '용도',
  roles: {
    mcp: 'AI 앱과 MCP로 통신',
    window: '창 그리기',
    lists: '활동의 긴 목록',
    checks: '모든 메시지와 설정 확인',
    json: 'AI 앱의 JSON 설정 편집(주석 유지)',
    toml: 'Codex의 TOML 설정 편집',
    yaml: 'Goose의 YAML 설정 편집',
    patterns: '검색의 이름 패턴',
    lock: '설정 파일마다 한 번에 한 곳에서만 쓰기',
    atomic: '반쯤 쓰인 파일이 남지 않게 하기',
    marks: 'AI 앱의 로고(각 로고는 소유자의 상표)',
    words: '앱의 말을 사용자 언어로 표시',
    updates: 'FolderGate 새 버전을 내려받아 설치',
  },
  dataFolder: '데이터 폴더:',
  openData: '데이터 폴더 열기',
  copied: '복사함',
  copy: '경로 복사',
};
