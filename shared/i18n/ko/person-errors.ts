// 오류 코드마다 사람이 읽는 말: 쉬운 제목과 다음에 할 일 하나.
export const personErrors = {
  tryAgain: '다시 시도하세요. 계속 이러면 FolderGate를 다시 시작하세요.',
  newSearch: '검색을 눌러 첫 페이지부터 다시 시작하세요.',
  generic: '문제가 생겼습니다',
  InvalidDateTime: {
    title: '날짜나 시간을 읽을 수 없습니다',
    fix: '날짜와 시간을 다시 고르거나 칸을 비우세요.',
  },
  InvalidRange: {
    title: '기간의 끝이 시작보다 앞섭니다',
    fix: '“끝” 날짜를 “시작” 날짜 뒤로 고르거나 둘 중 하나를 비우세요.',
  },
  InvalidEnum: {
    title: 'FolderGate가 모르는 선택 항목이 있습니다',
    fix: '초기화를 누르고 다시 고르세요.',
  },
  LimitOutOfRange: {
    title: '페이지당 결과 수가 범위를 벗어났습니다',
    fix: '{{min}}에서 {{max}} 사이의 숫자를 고르세요.',
  },
  GlobTooLong: {
    title: '이름 패턴이 너무 깁니다',
    fix: '추가 옵션에서 패턴을 줄이거나(최대 {{max}}자) 비우세요.',
  },
  PathTooLong: {
    title: '폴더 위치가 너무 깁니다',
    fix: '더 짧은 하위 폴더를 쓰거나 “하위 폴더에서 시작”을 비우세요.',
  },
  CursorTooLong: { title: '다음 페이지를 불러오지 못했습니다' },
  MaxDepthOutOfRange: {
    title: '깊이가 너무 큽니다',
    fix: '0에서 {{max}} 사이의 깊이를 고르거나, 제한하지 않으려면 비워 두세요.',
  },
  RootNotAllowed: {
    title: '허용한 폴더가 아닙니다',
    fix: '허용한 폴더 중에서 고르거나, 먼저 폴더 화면에서 이 폴더를 추가하세요.',
  },
  PathNotRelative: {
    title: '하위 폴더는 선택한 폴더 안에 있어야 합니다',
    fix: '드라이브나 “/”로 시작하는 전체 위치가 아니라 reports/2025 같은 하위 폴더를 입력하세요.',
  },
  PathTraversalDetected: {
    title: '그 하위 폴더는 선택한 폴더 밖으로 이어집니다',
    fix: '“하위 폴더에서 시작”에서 “..”을 지우거나, 폴더 전체를 검색하려면 비워 두세요.',
  },
  SymlinkEscapeDetected: {
    title: '그 하위 폴더는 선택한 폴더 밖을 가리키는 바로 가기입니다',
    fix: '실제 폴더를 검색하세요. FolderGate는 허용한 폴더 밖으로 이어지는 바로 가기를 따라가지 않습니다.',
  },
  AccessDenied: {
    title: '이 컴퓨터가 FolderGate에 그 폴더를 읽도록 허락하지 않습니다',
    fix: '다른 폴더를 고르거나, 사용자 계정에 이 폴더를 읽을 권한을 주세요.',
  },
  CursorInvalid: { title: '다음 페이지가 다른 검색의 것입니다' },
  CursorVersionMismatch: { title: '다음 페이지가 다른 버전의 FolderGate에서 만들어졌습니다' },
  CursorSortMismatch: { title: '첫 페이지 이후 정렬 순서가 바뀌었습니다' },
  ScanLimitExceeded: {
    title: '폴더가 너무 커서 한 번에 검색할 수 없습니다',
    fix: '하위 폴더에서 시작하거나, 파일 형식이나 이름을 고르거나, 기간을 줄이세요. 또는 고급 › 검색 한도에서 한도를 늘리세요.',
  },
  TimeoutExceeded: {
    title: '검색 시간이 너무 오래 걸렸습니다',
    fix: '더 작은 폴더나 더 짧은 기간을 검색하거나, 고급 › 검색 한도에서 시간을 늘린 뒤 다시 시도하세요.',
  },
  IOFailure: {
    title: '파일이나 폴더를 읽을 수 없었습니다',
    fix: '잠시 후 다시 시도하세요. 계속 이러면 더 작은 폴더를 검색하세요.',
    catalogTitle: '로직 카탈로그 폴더를 읽을 수 없습니다',
    catalogFix: '폴더가 아직 있고 열 수 있는지 확인하거나, 폴더를 다시 고르세요.',
  },
  InvalidArgument: {
    title: '검색 조건을 이해할 수 없습니다',
    fix: '초기화를 누르고 양식을 다시 채우세요.',
    patternTitle: '이름 패턴이 올바르지 않습니다',
    patternFix: '추가 옵션에서 패턴을 고치거나 비우세요(예: *.pdf). 또는 “이름에 포함”을 쓰세요.',
  },
  NoAllowedRoots: { title: '아직 허용한 폴더가 없습니다', fix: '폴더 화면에서 폴더를 추가하세요.' },
  RootReplaced: {
    title: '이 폴더가 옮겨졌거나 바뀌었습니다',
    namedTitle: '“{{name}}” 폴더가 옮겨졌거나 바뀌었습니다',
    fix: '폴더 화면에서 지금 어디를 가리키는지 확인하세요. 원하는 폴더라면 “이 폴더 사용”을, 아니라면 제거를 고르세요.',
  },
  PathNotFound: {
    catalogTitle: '로직 카탈로그 폴더를 찾지 못했습니다',
    catalogFix: '카탈로그 폴더를 다시 고르세요.',
    folderTitle: '폴더가 더 이상 없습니다',
    folderNamedTitle: '“{{name}}” 폴더가 더 이상 없습니다',
    folderFix: '폴더가 있던 드라이브를 다시 연결하거나, 폴더 화면에서 제거한 뒤 다시 추가하세요.',
    title: '그 하위 폴더를 찾지 못했습니다',
    namedTitle: '{{name, josa(p:을/를;q:1)}} 찾지 못했습니다',
    fix: '“하위 폴더에서 시작”의 철자를 확인하거나, 폴더 전체를 검색하려면 비워 두세요.',
  },
  PathExcluded: {
    title: '그 하위 폴더는 제외되어 있습니다',
    fix: '폴더 화면에서 AI 앱에 보이지 않게 제외한 폴더입니다. 다른 하위 폴더를 검색하거나 그 화면의 “제외”를 바꾸세요.',
  },
  NotADirectory: {
    catalogTitle: '로직 카탈로그가 폴더가 아니라 파일입니다',
    catalogFix: '카탈로그가 들어 있는 폴더를 고르세요.',
    title: '폴더가 아니라 파일입니다',
    fix: '그 파일이 들어 있는 폴더를 입력하거나 “하위 폴더에서 시작”을 비우세요.',
  },
  AccessPaused: {
    title: 'AI 접근이 일시 중지되어 있습니다',
    fix: '“AI 접근 다시 시작”을 누르면 AI 앱과 이 미리보기가 다시 검색할 수 있습니다.',
  },
  ToolDisabled: {
    title: '이 검색은 꺼져 있습니다',
    fix: 'AI 앱이 써야 한다면 제어 화면에서 다시 켜세요.',
  },
  ApprovalUnavailable: {
    title: '요청을 허용할 사람이 없었습니다',
    fix: 'AI 앱이 일하는 동안 FolderGate를 열어 두면 요청이 올 때 답할 수 있습니다.',
  },
  DeniedByUser: {
    title: '이 요청을 거부했습니다',
    fix: '할 일은 없습니다. 실수였다면 AI 앱에 다시 요청하게 한 뒤 허용을 고르세요.',
  },
  NOT_FOUND: {
    noCatalogTitle: '선택한 로직 카탈로그가 없습니다',
    noCatalogFix: '이 화면에서 카탈로그 폴더를 고르세요.',
    title: '그 로직은 카탈로그에 없습니다',
    fix: '목록에서 고르세요. 카탈로그가 방금 바뀌었다면 다시 불러오기를 누르세요.',
  },
  InvalidLogic: {
    title: '이 로직의 파일에 실수가 있습니다',
    fix: '카탈로그 폴더에서 해당 파일을 열어 고치세요. 정확한 이유는 자세히에 있습니다.',
  },
  InvalidPayload: {
    title: 'FolderGate가 이 요청을 이해하지 못했습니다',
    nameTitle: '이 이름은 쓸 수 없습니다',
    nameFix: '다른 이름을 고르세요.',
  },
  UnknownChannel: {
    title: '이 창이 실행 중인 FolderGate와 맞지 않습니다',
    fix: '창을 다시 불러오세요. 계속 이러면 FolderGate를 다시 시작하세요.',
  },
  ForbiddenSender: {
    title: 'FolderGate가 이 창의 요청을 거부했습니다',
    fix: 'FolderGate가 시작할 때 알려 준 링크로 여세요.',
  },
  Unsupported: {
    title: '여기에서는 쓸 수 없는 기능입니다',
    fix: '이 기능은 FolderGate 데스크톱 앱에서 쓰세요.',
  },
  InvalidFolder: { title: '이 폴더는 쓸 수 없습니다', fix: '다른 폴더를 고르세요.' },
  NotFound: { title: '더 이상 없습니다', fix: '새로 고친 뒤 다시 시도하세요.' },
  ServerUnavailable: {
    title: '미리보기 엔진이 실행되고 있지 않습니다',
    fix: '잠시 후 다시 시도하세요. 고급 › 미리보기 엔진에서 이유를 보고 다시 시작할 수 있습니다.',
  },
  SearchStopped: {
    title: '검색을 멈췄습니다',
    fix: '준비되면 다시 검색하세요. 더 작은 폴더나 더 짧은 기간으로 해 보세요.',
  },
  SettingsReadOnly: {
    title: 'FolderGate가 설정 파일을 바꿀 수 없습니다',
    fix: 'FolderGate를 업데이트하거나, 설정 파일을 다른 곳으로 옮긴 뒤 FolderGate를 다시 시작하세요.',
  },
  SettingsUnusable: {
    title: '설정 파일에 실수가 있어 아무것도 바꾸지 않았습니다',
    fix: '텍스트 편집기에서 파일을 고치거나(위치는 자세히에 있습니다), 위쪽 알림에서 “처음부터 다시”를 고르세요. FolderGate가 예전 파일을 보관하고 기본 설정으로 다시 시작합니다.',
  },
  Internal: { title: 'FolderGate 안에서 문제가 생겼습니다' },
  SettingsNotSaved: {
    title: '변경 내용을 저장하지 못했습니다',
    fix: '디스크가 가득 차지 않았는지 확인한 뒤 다시 시도하세요. 계속 이러면 FolderGate를 다시 시작하세요.',
  },
  ClientConfigUnreadable: {
    title: '앱의 설정 파일에 실수가 있습니다',
    placedTitle: '앱의 설정 파일에 실수가 있습니다({{line}}번째 줄, {{column}}번째 칸)',
    fix: '텍스트 편집기에서 {{file, josa(p:을/를)}} 열어 고친 뒤 다시 확인을 누르세요. 파일을 지우지 마세요. 앱의 다른 설정도 들어 있습니다. FolderGate는 이 파일을 건드리지 않습니다.',
    placedFix:
      '텍스트 편집기에서 {{file, josa(p:을/를)}} 열어 {{line}}번째 줄을 고친 뒤 다시 확인을 누르세요. 파일을 지우지 마세요. 앱의 다른 설정도 들어 있습니다. FolderGate는 이 파일을 건드리지 않습니다.',
    theFile: '그 파일',
  },
  ClientConfigReadOnly: {
    title: 'FolderGate가 앱의 설정 파일을 바꿀 권한이 없습니다',
    fix: '사용자 계정이 {{file}}에 쓸 수 있게 하거나(또는 파일을 잠그고 있는 앱을 닫고) 다시 시도하세요.',
  },
  NothingToUndo: { title: '되돌릴 것이 없습니다', fix: '연결이나 연결 끊기를 쓰세요.' },
  UndoConflict: {
    title: 'FolderGate가 마지막으로 바꾼 뒤 앱의 설정이 바뀌었습니다',
    fix: '연결 끊기로 FolderGate 항목만 지우세요. 되돌리기를 쓰면 더 최근의 변경 내용이 사라집니다.',
  },
  ClientConfigBusy: {
    title: '앱이 설정 파일을 계속 바꾸고 있습니다',
    fix: '앱을 닫은 뒤 다시 시도하세요.',
  },
  ClientConfigDanglingLink: {
    title: '앱의 설정 파일이 없는 파일을 가리키는 바로 가기입니다',
    fix: '없어진 파일을 되돌려 놓은 뒤(예: 파일이 있던 드라이브나 폴더를 다시 연결) 다시 시도하세요. FolderGate는 바로 가기를 바꾸지 않습니다.',
  },
  ServerBundleMissing: {
    title: 'FolderGate의 일부가 없습니다',
    fix: 'FolderGate를 다시 설치하세요(소스에서 실행한다면 다시 빌드하세요).',
  },
  MissingAccessKey: {
    title: '이 페이지가 접속 키 없이 열렸습니다',
    fix: 'FolderGate가 시작할 때 알려 준 전체 링크(#token=…으로 끝남)를 여세요.',
  },
  Unauthorized: {
    title: '이 페이지의 접속 키가 오래되었습니다',
    fix: 'FolderGate가 마지막으로 시작할 때 알려 준 링크를 여세요.',
  },
  Forbidden: {
    title: 'FolderGate가 이 페이지를 거부했습니다',
    fix: 'FolderGate가 알려 준 링크(http://127.0.0.1:…)를 그대로 여세요.',
  },
  HostUnreachable: {
    title: 'FolderGate가 응답하지 않습니다',
    fix: 'FolderGate가 아직 실행 중인지 확인한 뒤 이 페이지를 다시 불러오세요.',
  },
  BadResponse: { title: 'FolderGate의 응답을 이 페이지에서 쓸 수 없습니다' },
  Unknown: { title: '문제가 생겼습니다' },
};
