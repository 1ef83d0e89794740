// AI 앱 화면: 연결, 고치기, 되돌리기, 앱마다의 상태와 다음 할 일.
export const aiApps = {
  title: 'AI 앱',
  description:
    '이 컴퓨터의 AI 앱을 FolderGate에 연결하면 선택한 폴더를 검색할 수 있습니다. FolderGate는 앱의 설정 파일에 항목 하나만 추가하고 다른 내용은 바꾸지 않습니다.',
  checkAgain: '다시 확인',
  checkFailed: 'AI 앱을 확인하지 못했습니다',
  checking: 'AI 앱을 확인하는 중…',
  onComputer: '이 컴퓨터에 있는 앱',
  onComputerHint:
    '앱을 연결하거나 연결을 끊은 뒤에는 안내에 따라 앱을 다시 시작해야 변경 사항이 반영됩니다.',
  noneTitle: 'AI 앱을 찾지 못했습니다',
  noneBody:
    'FolderGate가 아는 AI 앱을 이 컴퓨터에서 하나도 찾지 못했습니다. 앱을 설치한 뒤 다시 확인을 누르거나, 아래 목록에서 연결하세요.',
  listLabel: '이 컴퓨터의 AI 앱',
  others: '다른 AI 앱',
  notFound: '이 컴퓨터에서 찾지 못한 앱',
  notFoundHint:
    'FolderGate가 찾아보지 않은 곳에 설치되어 있어도 연결을 누르면 그 앱의 설정 파일에 FolderGate를 추가합니다.',
  showMore_other: '앱 {{count, number}}개 더 보기',
  status: {
    connected: '연결됨',
    'not-connected': '연결 안 됨',
    'needs-repair': '고쳐야 함 — FolderGate가 옮겨졌거나 업데이트됨',
    unreadable: '설정 파일을 읽을 수 없음',
    'not-installed': '이 컴퓨터에서 찾지 못함',
  },
  action: {
    connect: { label: '연결', busy: '연결하는 중…' },
    disconnect: { label: '연결 끊기', busy: '연결을 끊는 중…' },
    repair: { label: '고치기', busy: '고치는 중…' },
    rebuild: { label: '백업하고 고치기', busy: '고치는 중…' },
    undo: { label: 'FolderGate가 바꾸기 전으로 되돌리기', busy: '되돌리는 중…' },
    allow: { label: 'Gemini CLI에서 FolderGate 허용', busy: '목록을 바꾸는 중…' },
    removeEntry: { label: '설정 파일 항목 삭제', busy: '삭제하는 중…' },
  },
  actionLabel: '{{name}} {{action}}',
  undo: {
    connect: '연결하기 전으로 되돌리기',
    disconnect: '연결을 끊기 전으로 되돌리기',
    repair: '고치기 전으로 되돌리기',
    allow: '목록을 바꾸기 전으로 되돌리기',
  },
  undoLabel: '{{action}}: {{name}}',
  result: {
    alreadyConnected: '{{name, josa(p:은/는)}} 이미 연결되어 있어 바뀐 것이 없습니다.',
    alreadyNotConnected: '{{name, josa(p:은/는)}} 이미 연결되어 있지 않아 바뀐 것이 없습니다.',
    connect: '{{name, josa(p:을/를)}} FolderGate에 연결했습니다.',
    repair: '{{name, josa(p:을/를)}} 고쳐서 FolderGate에 다시 연결했습니다.',
    rebuild:
      '{{name}}의 설정 파일을 고치고 FolderGate에 연결했습니다. 원래 파일은 보관해 두었으니 “고치기 전으로 되돌리기”를 누르면 원래대로 돌아갑니다.',
    disconnect: '{{name, josa(p:과/와)}} FolderGate의 연결을 끊었습니다.',
    undo: '{{name}}의 설정 파일을 FolderGate가 바꾸기 전으로 되돌렸습니다.',
    allow:
      '이제 {{name, josa(p:이/가)}} FolderGate를 시작할 수 있습니다. mcp.excluded와 mcp.allowed 목록만 바꿨습니다.',
  },
  updated: {
    title: '새 버전에 맞게 FolderGate 항목을 업데이트했습니다',
    from: '이전 프로그램: {{from}}',
  },
  notChanged: '{{name, josa(p:은/는)}} 바뀌지 않았습니다.',
  notChangedTitle: '{{name, josa(p:은/는)}} 바뀌지 않았습니다',
  next: '다음 할 일:',
  details: '자세히',
  writes: 'FolderGate가 이 파일에 쓰는 내용:',
  holds: '지금 파일에 들어 있는 내용:',
  none: '없음',
  line: '{{line}}번째 줄',
  lineColumn: '{{line}}번째 줄, {{column}}번째 칸',
  restart: {
    'claude-desktop':
      'Claude를 완전히 종료한 뒤(창만 닫지 말고 트레이나 메뉴 막대 아이콘에서 종료) 다시 여세요.',
    'claude-code': 'Claude Code 세션을 새로 시작하세요(/exit로 나간 뒤 `claude`를 다시 실행).',
    cursor:
      'Cursor가 변경 사항을 스스로 반영합니다. FolderGate가 보이지 않으면 Settings → MCP에서 켜거나 Cursor를 다시 시작하세요.',
    vscode:
      'VS Code가 mcp.json을 스스로 다시 읽습니다. MCP: List Servers 명령으로 서버를 시작하세요(또는 창을 다시 불러오세요).',
    windsurf:
      'Windsurf에서 Cascade의 MCP 서버 패널에 있는 새로 고침 버튼을 누르세요(또는 Windsurf를 다시 시작하세요).',
    cline: 'Cline이 MCP 설정을 스스로 다시 읽습니다. 반영되지 않으면 VS Code 창을 다시 불러오세요.',
    zed: 'Zed는 settings.json이 바뀌면 바로 적용합니다. Agent 패널을 열면 FolderGate가 보입니다.',
    'gemini-cli': 'Gemini CLI 세션을 새로 시작하세요(`gemini`를 다시 실행).',
    'antigravity-cli':
      'Antigravity CLI 세션을 새로 시작하세요(`agy`를 다시 실행). `/mcp`에서 FolderGate를 확인할 수 있습니다.',
    codex: 'Codex 세션을 새로 시작하세요(`codex`를 다시 실행).',
    'lm-studio':
      'LM Studio가 mcp.json을 스스로 다시 읽습니다. FolderGate가 보이지 않으면 LM Studio를 다시 시작하세요.',
    continue:
      'Continue가 config.yaml을 스스로 다시 읽습니다. FolderGate의 도구는 Agent 모드에서 쓸 수 있습니다.',
    goose:
      'Goose 세션을 새로 시작하세요(Goose Desktop을 종료했다가 다시 열거나 `goose session`을 다시 실행).',
  },
  problem: {
    excluded: '연결되어 있지만 {{name}} 설정이 FolderGate를 제외합니다',
    twice: '{{name}}에 FolderGate가 두 번 들어 있습니다',
    readOnly: 'FolderGate가 {{name}}의 설정 파일을 바꿀 수 없습니다',
    unreadable: 'FolderGate가 {{name}}의 설정 파일을 읽을 수 없어 그대로 둡니다',
    programGone:
      '{{name, josa(p:이/가)}} FolderGate를 시작할 수 없습니다: 사용하는 프로그램이 없어졌습니다',
    otherProfiles: '{{name}}의 일부 프로필에서는 FolderGate가 보이지 않습니다',
    duplicate: '{{name}}의 설정 파일에 FolderGate가 두 번 이상 들어 있습니다',
    typingMistake:
      '파일에 입력 실수가 있습니다. FolderGate가 원래 파일을 보관하고, 읽을 수 있는 내용 전부와 FolderGate를 담은 고친 파일을 쓸 수 있습니다.',
    byHand: '직접 고치려면 볼 실수 내용',
  },
  file: {
    label: '설정 파일',
    opening: '여는 중…',
    show: '설정 파일 보기',
    showLabel: '{{name}}의 설정 파일 보기',
    copied: '복사함',
    copyFailed: '복사하지 못함',
    copy: '경로 복사',
    copyLabel: '{{action}} ({{name}}의 설정 파일)',
  },
  repairAll: {
    title_other: 'AI 앱 {{count, number}}개는 고치기 전까지 FolderGate를 쓸 수 없습니다',
    gone: 'FolderGate를 시작하는 프로그램이 이 컴퓨터에 더 이상 없습니다(Node나 FolderGate가 업데이트되었거나 옮겨졌습니다): {{names}}.',
    differ: 'FolderGate 항목이 지금 FolderGate가 쓰는 내용과 다릅니다: {{names}}.',
    button: '{{count, number}}개 모두 고치기',
    busy: '고치는 중…',
    done: 'AI 앱 {{count, number}}개를 고쳤습니다. 변경 사항이 반영되도록 각 앱을 다시 시작하세요.',
    partly:
      'AI 앱 {{count, number}}개 중 {{repaired, number}}개를 고쳤습니다. {{failed, josa(p:은/는)}} 고치지 못했습니다(해당 줄을 확인하세요).',
  },
  extension: {
    title: 'Claude 확장 프로그램',
    intro:
      'FolderGate를 Claude 확장 프로그램으로 추가할 수도 있습니다. Claude가 클릭 한 번으로 설치하는 파일 하나이며, 여기서 고른 폴더를 그대로 씁니다. 두 방법 중 하나만 쓰세요.',
    viaExtension: 'Claude 확장 프로그램으로 연결됨.',
    viaFile: 'Claude 설정 파일로 연결됨.',
    disabled:
      'Claude 확장 프로그램으로 추가했지만 Claude의 설정 › 확장 프로그램에서 꺼져 있습니다.',
    outdated: 'Claude에 이전 FolderGate의 확장 프로그램이 있습니다. 새 확장 프로그램을 추가하세요.',
    remove: '삭제하려면 Claude의 설정 › 확장 프로그램을 여세요.',
    fileFirst: '확장 프로그램으로 바꾸려면 먼저 설정 파일 연결을 끊으세요.',
    add: 'Claude에 추가',
    adding: '확장 프로그램을 만드는 중…',
    opened: 'FolderGate.mcpb를 {{file}}에 만들었습니다. Claude가 이 파일을 열면 설치를 누르세요.',
    ready: 'FolderGate.mcpb를 {{file}}에 만들었습니다. Claude로 열고 설치를 누르세요.',
    download: 'FolderGate.mcpb 내려받기',
    downloadHint: '내려받은 파일을 Claude로 열고 설치를 누르세요.',
  },
  tryIt: {
    ask: '<0>해 보기:</0> {{hint}} 그런 다음 {{name}}에게 <1>지난주에 받은 PDF 찾아 줘</1>라고 요청하세요.',
    works: '잘 됩니다: {{what}} {{when}}.',
    failed:
      '{{name, josa(p:이/가)}} {{when}} FolderGate에 요청했지만 처리되지 않았습니다. 이유는 활동에서 볼 수 있습니다.',
    waiting: '{{name}}의 첫 요청을 기다리는 중…',
    lastUsed: '마지막 사용: {{when}}',
    notUsed: '아직 사용 안 함',
  },
};
