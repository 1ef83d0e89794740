// 명령줄(`foldergate …`)에서 사람이 읽는 말. 옵션 이름과 명령은 입력하는 그대로 둡니다.
export const cli = {
  usage: `사용법: foldergate <명령>

명령:
  start [--port N]              FolderGate 열기: Electron이 설치되어 있으면 데스크톱 앱,
                                아니면 브라우저에서 엽니다("web"과 같음)
  web [--port N]                브라우저에서 FolderGate 열기(127.0.0.1만, 포트 0 = 비어 있는 아무 포트)
  roots list                    AI 앱이 검색할 수 있는 폴더 보기
  roots add <폴더> [--name N]   AI 앱이 폴더를 검색하도록 허용
  roots remove <폴더|이름>      폴더 허용 취소
  roots confirm <폴더|이름>     옮겨졌거나 바뀐 폴더 위치에 지금 있는 폴더를 허용
  settings start-over           쓸 수 없는 설정 파일을 따로 두고 기본 설정으로 다시 시작
  demo [폴더]                   데모 폴더로 MCP 서버를 시험하고 AI 앱 연결 방법 보기
  clients list [--json]         FolderGate가 연결할 수 있는 AI 앱과 상태 보기
  clients register <id>...      AI 앱을 FolderGate에 연결(또는: --all-detected)
  clients unregister <id>...    AI 앱에서 FolderGate만 제거(또는: --all)
  clients undo <id>             AI 앱의 설정을 FolderGate가 바꾸기 전으로 되돌리기
  help                          이 도움말 보기

설정은 FolderGate 앱 데이터 폴더에 있습니다(FOLDERGATE_HOME으로 바꿀 수 있습니다).`,
  error: '오류: {{message}}',
  roots: {
    none: '아직 허용한 폴더가 없어 AI 앱이 아무것도 검색할 수 없습니다.',
    addHint: '폴더 추가: foldergate roots add <폴더> [--name <이름>]',
    title: 'AI 앱이 검색할 수 있는 폴더({{file}}):',
    replacedState: '옮겨졌거나 바뀜',
    notChosen: '처음 선택한 폴더가 아닙니다{{nowAt}}. AI 앱이 검색할 수 없습니다.',
    nowAt: '(지금은 {{path, josa(p:을/를)}} 가리킴)',
    confirmHint: '지금 그 위치의 폴더가 원하는 폴더라면: foldergate roots confirm {{name}}',
    defaultMark: '  * = 기본 폴더',
    note: '참고: {{problem}}',
    usable: '설정 파일을 쓸 수 있어 다시 시작할 필요가 없습니다({{file}}).',
    startedOver: 'FolderGate가 기본 설정으로 다시 시작합니다. 지금은 허용한 폴더가 없습니다.',
    added: "'{{name}}' 추가함: {{path}}",
    warning: '주의: {{warning}}',
    nextRequest: 'FolderGate에 연결된 AI 앱은 다음 요청부터 이 폴더를 검색할 수 있습니다.',
    confirmed: "이제 AI 앱이 '{{name}}' 위치의 폴더를 검색할 수 있습니다: {{path}}.",
    removed: "'{{name}}' 제거함: AI 앱이 더 이상 {{path, josa(p:을/를)}} 검색할 수 없습니다.",
    listHint: '허용한 폴더 보기: foldergate roots list',
    fixSettings:
      '텍스트 편집기에서 {{file, josa(p:을/를)}} 고치거나, 기본 설정으로 다시 시작하세요(파일은 settings.corrupt-<시각>.json으로 따로 보관합니다): foldergate settings start-over',
  },
  clients: {
    status: {
      'not-installed': '설치 안 됨',
      'not-connected': '연결 안 됨',
      connected: '연결됨',
      'needs-repair': '고쳐야 함',
      unreadable: '읽을 수 없음',
    },
    title: 'FolderGate가 연결할 수 있는 AI 앱:',
    connectHint: '연결: foldergate clients register <id>   (또는 --all-detected)',
    connected: '{{name}} 연결함: {{file}}{{backup}}',
    backup: ' (백업: {{path}})',
    already: '{{name, josa(p:은/는)}} 이미 연결되어 있습니다: {{file}}',
    disconnected: '{{name}} 연결 끊음: {{file}}',
    notConnected: '{{name, josa(p:은/는)}} 연결되어 있지 않았습니다: {{file}}',
    restored: '{{file, josa(p:을/를)}} FolderGate가 바꾸기 전으로 되돌렸습니다.',
    noneFound: '이 컴퓨터에서 AI 앱을 찾지 못했습니다(찾아본 앱: {{ids}}).',
    noneConnected: 'FolderGate가 연결된 AI 앱이 없어 제거할 것이 없습니다.',
    error: '오류({{id}}): {{message}}',
  },
  start: {
    headless: 'FOLDERGATE_HEADLESS=1이 설정되어 있습니다',
    noDesktop: '여기에는 데스크톱 세션이 없습니다(DISPLAY도 WAYLAND_DISPLAY도 설정되지 않음)',
    noPackage: 'Electron 패키지가 설치되어 있지 않습니다',
    notDownloaded: 'FolderGate를 설치할 때 Electron 실행 파일을 내려받지 못했습니다',
    missing: 'Electron 실행 파일이 없습니다({{binary}})',
    notBuilt: '데스크톱 앱이 아직 빌드되지 않았습니다(`npm run build` 실행)',
    failed: '데스크톱 앱을 시작하지 못했습니다({{why}})',
    exited: '종료 코드 {{code, josa(p:으로/로)}} 끝났습니다',
  },
  demo: {
    notBuilt:
      '서버가 아직 빌드되지 않았습니다. `npm run build`를 실행하세요(npm start는 알아서 합니다).',
    started: 'FolderGate MCP 서버를 {{root}}에서 시작했습니다',
    tools: '도구: {{tools}}',
    newest: '가장 최근에 수정한 파일 5개',
    markdown: 'Markdown 파일, 경로순',
    connect: 'AI 앱 연결(설정 파일을 직접 고칠 필요 없음):',
    list: '이 컴퓨터에 있는 AI 앱 보기',
    all: '찾은 앱 모두 연결',
    named: '또는 지정한 앱만 연결',
    folders: '그러면 AI 앱이 FolderGate에서 고른 폴더를 검색합니다(설정 위치: {{dir}}):',
    inspector: 'MCP Inspector에서 이 데모 폴더를 시험하려면:',
  },
  web: {
    serverNotBuilt:
      '주의: MCP 서버가 아직 빌드되지 않아(`npm run build` 실행) 미리보기가 작동하지 않습니다.',
    windowNotBuilt: '주의: FolderGate 창이 아직 빌드되지 않았습니다(`npm run build` 실행).',
    previewFailed: '주의: 미리보기 서버가 시작되지 않았습니다: {{message}}',
    portInUse:
      '오류: 포트 {{port, josa(p:은/는)}} 이미 사용 중입니다.\n  --port로 다른 포트를 고르거나, 아무 빈 포트나 쓰려면 --port 0을 쓰세요.',
    reason: '브라우저에서 FolderGate를 엽니다: {{reason}}.',
    running: 'FolderGate가 실행 중입니다. 이 컴퓨터의 브라우저에서 이 링크를 여세요:',
    settings: '설정: {{file}}',
    stop: '멈추려면 Ctrl+C를 누르세요.',
    stopped: 'FolderGate를 멈췄습니다.',
  },
};
