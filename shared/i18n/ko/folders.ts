// 폴더 화면과 폴더 추가(처음 시작 안내에서도 씀).
export const folders = {
  title: '폴더',
  description:
    'AI 앱은 여기 있는 폴더만 검색할 수 있고, 그 밖의 것은 볼 수 없습니다. 바꾼 내용은 연결된 모든 AI 앱에 바로 적용됩니다.',
  allowed: '허용한 폴더',
  addFolder: '폴더 추가',
  couldNotLoad: '폴더 목록을 불러오지 못했습니다',
  loading: '폴더를 불러오는 중…',
  emptyTitle: '아직 폴더가 없습니다',
  emptyBody:
    '폴더를 추가하기 전에는 AI 앱이 아무것도 검색할 수 없습니다. 아래에서 문서 폴더나 프로젝트 폴더 같은 폴더를 추가하세요.',
  addTitle: '폴더 추가',
  done: '완료',
  add: {
    formLabel: '폴더 추가',
    added: '“{{name}}” 폴더를 추가했습니다.',
    pathLabel: '폴더 경로',
    pathHint:
      '이 컴퓨터에 있는 폴더의 경로를 입력하거나 붙여 넣으세요. 입력하는 동안 자동 완성하고 확인합니다.',
    pathExample: '예: {{path}}',
    nameLabel: '표시 이름',
    optional: '(선택)',
    adding: '추가하는 중…',
    notAdded: '폴더를 추가하지 못했습니다',
    choose: '폴더 선택…',
    waiting: '선택을 기다리는 중…',
    orDrag: '또는 폴더를 여기로 끌어 놓으세요',
    usual: '자주 쓰는 폴더 — 클릭 한 번으로 추가하세요:',
    addNamed: '{{name}} 추가',
    filesMore: '파일 {{count, number}}개 이상',
    empty: '비어 있음',
    files_other: '파일 {{count, number}}개',
  },
  check: {
    checking: '폴더를 확인하는 중…',
    failed: '이 폴더를 확인하지 못했습니다',
    cannotAdd: '이 폴더는 추가할 수 없습니다.',
    didYouMean: '<0>{{path}}</0> 폴더를 찾으셨나요?',
    ready: '<0>{{path}}</0> 폴더를 추가할 수 있습니다',
    warnings: '이 폴더에 대한 주의 사항',
  },
  remove: {
    title: '“{{name}}” 폴더를 제거할까요?',
    confirm: '폴더 제거',
    body: 'AI 앱이 더 이상 이 폴더를 검색할 수 없게 됩니다. 디스크의 파일은 지우지 않습니다.',
    failed: '폴더를 제거하지 못했습니다',
  },
  replaced: {
    title: '지금 “{{name}}” 위치에 있는 폴더를 사용할까요?',
    confirm: '이 폴더 사용',
    body: '처음 선택한 폴더가 아닙니다. 폴더가 옮겨졌거나 다른 폴더로 바뀌었습니다. AI 앱은 지금 그 위치에 있는 폴더를 검색하게 됩니다:',
    onlyIf: '잘 아는 폴더이고 AI 앱이 검색해도 될 때만 선택하세요.',
    failed: '폴더를 바꾸지 못했습니다',
  },
  risk: {
    drive: {
      title: 'AI가 이 드라이브 전체를 검색하도록 허용할까요?',
      body: 'AI 앱이 이 드라이브의 모든 파일을 검색할 수 있게 됩니다. 다른 사용자와 시스템의 파일도 포함됩니다. 문서 폴더처럼 더 작은 폴더가 안전합니다.',
      confirm: '드라이브 전체 허용',
    },
    home: {
      title: 'AI가 홈 폴더 전체를 검색하도록 허용할까요?',
      body: 'AI 앱이 문서, 사진, 다운로드, 앱 설정 등 모든 개인 파일을 검색할 수 있게 됩니다. 문서 폴더처럼 더 작은 폴더가 안전합니다.',
      confirm: '홈 폴더 전체 허용',
    },
    system: {
      title: 'AI가 시스템 폴더를 검색하도록 허용할까요?',
      body: '이 폴더에는 문서가 아니라 운영 체제의 파일이 들어 있습니다. AI 앱에는 거의 필요하지 않습니다.',
      confirm: '이 시스템 폴더 허용',
    },
  },
};

export const folderRow = {
  state: {
    ok: { label: '사용 가능', hint: '폴더가 있고 읽을 수 있습니다.' },
    missing: {
      label: '없음',
      hint: '폴더가 더 이상 없습니다(옮겨졌거나, 이름이 바뀌었거나, 드라이브 연결이 끊겼습니다).',
    },
    unreadable: { label: '접근 불가', hint: 'FolderGate에 이 폴더를 읽을 권한이 없습니다.' },
    'not-a-folder': { label: '폴더 아님', hint: '이 경로는 폴더가 아니라 파일입니다.' },
    replaced: {
      label: '옮겨졌거나 바뀜',
      hint: '이 폴더는 옮겨졌거나 다른 폴더로 바뀌었습니다. 이 위치가 처음 선택한 폴더를 가리키지 않으므로 AI 앱이 검색할 수 없습니다. 지금 그 위치에 있는 폴더가 원하는 폴더라면(예: 다시 내려받은 프로젝트) “이 폴더 사용”을 선택하고, 아니라면 제거하세요.',
    },
  },
  defaultNote: '기본 폴더: AI 앱이 폴더를 지정하지 않으면 여기에서 검색합니다.',
  nowAt: '이 위치는 이제 <0>{{path}}</0> 폴더를 가리킵니다',
  otherFolderNow:
    '지금 <0>{{path}}</0>에 있는 폴더는 처음 선택한 폴더가 아닙니다. “이 폴더 사용”을 선택하기 전에는 FolderGate가 어떤 AI 앱도 이 폴더를 검색하게 하지 않습니다.',
  warnings: '{{name}}에 대한 주의 사항',
  defaultFailed: '기본 폴더를 바꾸지 못했습니다',
  saving: '저장하는 중…',
  makeDefault: '기본으로 지정',
  makeDefaultLabel: '기본으로 지정: {{name}}',
  useFolder: '이 폴더 사용',
  useFolderLabel: '{{name}}에 이 폴더 사용',
  rename: '이름 바꾸기',
  renameLabel: '{{name}} 이름 바꾸기',
  remove: '제거',
  removeLabel: '{{name}} 제거',
  nameEmpty: '이 폴더의 이름을 입력하세요. “{{name}}” 이름을 그대로 두려면 취소를 누르세요.',
  newName: '{{name}}의 새 이름',
  save: '저장',
  renameFailed: '이름을 바꾸지 못했습니다',
};

export const readiness = {
  ready: '바로 검색 준비됨',
  preparing: '바로 검색을 준비하는 중… {{percent}}%',
  walking: '직접 찾아보며 검색: {{reason}}.',
  reasons: {
    links: '바로 가기(링크)를 따라가도록 설정되어 있어 바로 검색으로는 다룰 수 없습니다',
    'network-drive': '네트워크 드라이브에 있어 변경 사항을 이 컴퓨터에 알려 주지 않습니다',
    'removable-drive': '이동식 드라이브에 있습니다',
    'too-many-folders': '이 컴퓨터가 변경 사항을 지켜볼 수 있는 것보다 폴더가 많습니다',
    'watcher-failed': '폴더의 변경 사항을 따라갈 수 없습니다',
    unreadable: '폴더 전체를 읽을 수 없었습니다',
    notIndexed: '색인되지 않았습니다',
  },
};
