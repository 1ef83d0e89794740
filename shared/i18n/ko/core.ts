// 앱 코어가 사람에게 하는 말: 폴더 확인과 주의 사항, 트레이, 알림.
export const folderCheck = {
  missing: '이 폴더를 찾을 수 없습니다.',
  unreadable: 'FolderGate가 이 폴더를 열 수 없습니다(권한 없음).',
  'not-a-folder': '폴더가 아니라 파일입니다.',
  empty: '폴더의 전체 경로를 입력하세요.',
  nul: '경로에 NUL 문자가 들어 있습니다.',
  notAbsolute: '{{start, josa(p:으로/로)}} 시작하는 폴더의 전체 경로를 입력하세요.',
  driveStart: 'C:\\ 같은 드라이브',
  slashStart: "'/'",
  duplicate: '이 폴더는 이미 {{name, josa(p:이라는/라는;q:1)}} 이름으로 허용되어 있습니다.',
  leaveOutOutside:
    '“{{name}}” 안에 있는 하위 폴더를 고르세요. 그 안에 있는 것만 제외할 수 있습니다.',
  leaveOutMissing: '“{{name}}” 안에서 이 하위 폴더를 찾지 못했습니다.',
  leaveOutFix: '“하위 폴더 추가…”로 그 안의 폴더를 고르세요.',
  leaveOutFullFix: '더 필요 없는 항목을 먼저 제거하세요.',
  leaveOutFull: '폴더 하나에서 하위 폴더와 이름을 각각 {{count}}개까지 제외할 수 있습니다.',
  included: "이미 '{{name}}'에 포함되어 있어 AI 앱이 이 폴더를 검색할 수 있습니다.",
  warnDrive:
    '드라이브 전체입니다. AI가 이 드라이브의 모든 파일을 검색할 수 있습니다. 가능하면 더 작은 폴더를 고르세요.',
  warnHome:
    '홈 폴더 전체입니다. AI가 모든 개인 파일을 검색할 수 있습니다. 문서 같은 하위 폴더를 고려해 보세요.',
  warnAboveHome:
    '이 폴더에는 홈 폴더가 들어 있습니다. AI가 모든 개인 파일을 검색할 수 있습니다. 가능하면 더 작은 폴더를 고르세요.',
  warnSystem: '시스템 폴더입니다. 문서가 아니라 운영 체제의 파일이 들어 있습니다.',
  warnInside: "이 폴더는 이미 허용한 '{{name}}' 안에 있습니다.",
  warnContains: '이 폴더에는 이미 허용한 {{name, josa(p:이/가;q:1)}} 들어 있습니다.',
};

export const clientProblem = {
  duplicates:
    '{{file}}에 FolderGate가 {{count, number}}번 들어 있습니다. {{name, josa(p:은/는)}} 마지막 항목만 씁니다.',
  duplicatesFix:
    '고치기를 누르면 FolderGate 항목 하나만 남기고 나머지를 지웁니다. 파일의 다른 내용은 바뀌지 않습니다.',
  gone: '{{name, josa(p:은/는)}} {{program, josa(p:으로/로)}} FolderGate를 시작하는데, 이 프로그램이 이 컴퓨터에 더 이상 없습니다(Node나 FolderGate가 업데이트되었거나 옮겨졌습니다). 그래서 지금은 {{name}}에서 FolderGate를 쓸 수 없습니다.',
  goneFix:
    '고치기를 누르면 지금 FolderGate를 실행하는 프로그램을 씁니다(모두 고치기는 모든 앱에 적용합니다).',
  profiles_other:
    'FolderGate는 VS Code의 기본 프로필에 추가되어 있습니다. 프로필 {{names, josa(p:은/는)}} 자체 MCP 서버를 쓰므로 FolderGate가 보이지 않습니다.',
  profilesFix:
    '그 프로필에서도 쓰려면 VS Code의 프로필 편집기에서 기본 프로필의 MCP 서버를 쓰도록 설정하거나, FolderGate 항목(자세히 참고)을 그 프로필의 mcp.json에 복사하세요.',
  tryAgain: '다시 시도하세요.',
  readOnlyFile:
    '{{file}} 파일이 읽기 전용이라 FolderGate가 바꿀 수 없습니다. 이대로는 {{name, josa(p:을/를)}} 연결할 수 없습니다.',
  readOnlyFileFix:
    '파일 속성에서 “읽기 전용”이나 “잠금”을 끄고 내 계정이 쓸 수 있게 한 다음 “연결”을 선택하세요.',
  readOnlyFolder:
    '{{name}}의 설정 파일이 들어갈 {{folder}} 폴더에 FolderGate가 쓸 수 없습니다. 이대로는 {{name, josa(p:을/를)}} 연결할 수 없습니다.',
  readOnlyFolderFix:
    '{{folder}} 폴더에 내 계정이 쓸 수 있게 한 다음 “연결”을 선택하세요. 그 자리에 같은 이름의 파일이 있다면 다른 곳으로 옮기세요.',
  excluded:
    '{{file}}의 mcp.excluded에 FolderGate가 있거나 mcp.allowed에 다른 서버만 있어서 Gemini CLI가 FolderGate를 시작하지 않습니다.',
  excludedFix:
    '“Gemini CLI에서 FolderGate 허용”을 누르면 그 파일의 mcp.excluded에서 foldergate를 빼고, mcp.allowed에 다른 서버가 있으면 foldergate도 넣습니다. 다른 내용은 바꾸지 않으며, “목록을 바꾸기 전으로 되돌리기”로 언제든 되돌릴 수 있습니다.',
  excludedSystem:
    'Gemini CLI 시스템 설정({{files}})이 FolderGate를 제외하므로 Gemini CLI가 FolderGate를 시작하지 않습니다.',
  excludedSystemFix:
    '이 컴퓨터를 관리하는 사람에게 그 설정에서 foldergate를 허용해 달라고 요청하세요. FolderGate는 시스템 설정을 바꾸지 않습니다.',
  twice:
    'Claude 확장 프로그램으로 추가되어 있고 {{file}}에도 들어 있습니다. Claude가 둘 다 시작하므로 요청이 두 번씩 기록됩니다.',
  twiceFix:
    '“설정 파일 항목 삭제”를 누르면 확장 프로그램은 그대로 두고 파일에서 FolderGate 항목만 지웁니다.',
};

export const tray = {
  none: '아직 FolderGate를 사용한 AI 앱이 없습니다',
  recentTitle: 'AI 앱의 최근 호출',
  open: 'FolderGate 열기',
  pause: 'AI 접근 일시 중지',
  quit: '종료',
  waiting_other: '답을 기다리는 AI 요청 {{count, number}}개',
  state: 'FolderGate: {{state}}',
  paused: 'AI 접근이 일시 중지되었습니다',
  on: 'AI 앱이 허용한 폴더를 검색할 수 있습니다',
  last: '최근: {{line}}',
  refused: '{{app}}: 요청을 거부했습니다',
  used: '{{app, josa(p:이/가)}} FolderGate를 사용했습니다',
  more_other: ' — 외 {{count, number}}건',
  windowPrompt: '승인 필요 — FolderGate',
  dialogTitle: 'AI가 검색할 폴더 선택',
  dialogButton: '이 폴더 허용',
  dialogTitleLeaveOut: 'AI 앱에 보이지 않게 할 하위 폴더 선택',
  dialogButtonLeaveOut: '이 폴더 제외',
  restartToUpdate: '다시 시작해서 {{version}} 버전으로 업데이트',
  updateWaiting: '{{version}} 버전 업데이트 대기 중 — 이유는 FolderGate에서 볼 수 있습니다',
};

export const settingsNote = {
  unreadable:
    'FolderGate가 설정 파일을 읽을 수 없습니다({{reason}}). 고칠 때까지 변경 내용을 저장할 수 없습니다.',
  newer:
    '더 새로운 FolderGate가 쓴 설정 파일입니다(설정 버전 {{version}}). 읽기 전용으로 보여 주며 바꾸지 않습니다. 설정을 바꾸려면 FolderGate를 업데이트하세요.',
  invalid:
    'FolderGate의 설정 파일을 쓸 수 없습니다({{reason}}). 파일을 고칠 때까지 기본 설정과 빈 폴더 목록을 보여 주며 변경 내용은 저장하지 않습니다. 이미 실행 중인 AI 앱은 원래 폴더를 계속 씁니다. 파일({{file}})을 고치거나 기본 설정으로 처음부터 다시 시작하세요. 그러면 파일은 settings.corrupt-<시각>.json으로 따로 보관합니다.',
  aside:
    'FolderGate의 설정 파일을 쓸 수 없었습니다({{reason}}). 처음부터 다시 시작하기로 해서 원래 파일은 {{aside}}에 보관하고 기본 설정으로 계속했습니다.',
  reason: {
    json: '올바른 JSON이 아닙니다{{where}}',
    where: '. {{line}}번째 줄, {{column}}번째 칸',
    object: '설정 객체가 들어 있지 않습니다',
    version: '버전이 정수가 아닙니다',
    older: '이전 FolderGate의 파일(설정 버전 {{version}})이며 아직 변환되지 않았습니다',
    format: '설정 형식에 맞지 않습니다: {{fields}}',
    relative:
      '{{field}}의 폴더 경로 {{path, josa(p:이/가)}} 상대 경로입니다. AI 앱마다 자기 작업 폴더에서 찾게 되니 폴더의 전체 경로를 적으세요',
    upgrade: '변환하지 못했습니다',
    read: '읽을 수 없습니다: {{code}}',
  },
};
