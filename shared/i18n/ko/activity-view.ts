// 사이드바의 마지막 활동 줄과 활동 화면이 함께 쓰는 표현: 창의 첫 다운로드에 들어갑니다.
export const activityView = {
  outcome: {
    blocked: '차단됨',
    cancelled: '취소됨',
    refused: '거부됨',
    failed: '실패',
    answered: '응답함',
  },
  short: {
    blocked: '{{app, josa(p:이/가)}} 폴더 밖으로 나가지 못하게 막았습니다',
    refused: '{{app}}의 요청을 거부했습니다',
    failed: '{{app}}의 요청이 실패했습니다',
    cancelled: '{{app, josa(p:이/가)}} 요청을 취소했습니다',
    searchedIn: '{{app, josa(p:이/가)}} {{root, josa(p:을/를)}} 검색했습니다',
    searched: '{{app, josa(p:이/가)}} 검색했습니다',
    logic: '{{app, josa(p:이/가)}} 로직 카탈로그를 사용했습니다',
    other: '{{app, josa(p:이/가)}} FolderGate를 사용했습니다',
  },
  ago: {
    justNow: '방금',
    minutes: '{{count, number}}분 전',
    hours: '{{count, number}}시간 전',
  },
  tools: {
    search: '시간으로 검색',
    logicList: '로직 목록 보기',
    logicGet: '로직 읽기',
    prompt: '프롬프트 사용',
    resourceRead: '저장된 결과나 폴더 목록 읽기',
  },
  args: {
    root: '폴더',
    path: '하위 폴더',
    timeField: '기준 시간',
    from: '시작',
    to: '끝',
    glob: '이름 패턴',
    exclude: '제외',
    includeFiles: '파일',
    includeDirectories: '폴더',
    maxDepth: '깊이',
    sort: '정렬',
    limit: '최대 개수',
    cursor: '페이지',
    recursive: '하위 폴더 포함',
    name: '로직',
  },
  sort: { time_desc: '최신순', time_asc: '오래된순', path_asc: '경로순' },
  value: {
    created: '만든 시간',
    changed: '바뀐 시간',
    cursor: '앞선 검색의 다음 페이지',
    yes: '예',
    no: '아니요',
    wholeFolder: '(폴더 전체)',
  },
  fix: {
    AccessPaused:
      'AI 접근이 일시 중지되어 있었습니다. AI 앱이 다시 검색하게 하려면 사이드바에서 다시 켜세요.',
    NoAllowedRoots: '폴더 화면에서 폴더를 추가하세요.',
    RootNotAllowed: '할 일은 없습니다. 그 폴더를 허용하려면 폴더 화면에서 추가하세요.',
    PathTraversalDetected: '할 일은 없습니다. FolderGate가 AI 앱을 폴더 안에 머물게 했습니다.',
    SymlinkEscapeDetected:
      '할 일은 없습니다. FolderGate는 폴더 밖으로 이어지는 링크를 따라가지 않았습니다.',
    PathNotRelative: '할 일은 없습니다. FolderGate가 AI 앱을 폴더 안에 머물게 했습니다.',
    RootReplaced: '폴더 화면에서 폴더를 확인하세요. 지금 있는 폴더를 사용하거나 제거하세요.',
    PathNotFound: 'AI 앱이 없는 폴더를 요청했습니다. 다른 폴더로 다시 시도할 수 있습니다.',
    TimeoutExceeded:
      'AI 앱이 더 작은 폴더를 검색하거나, 고급 › 검색 한도에서 시간 한도를 늘릴 수 있습니다.',
    ScanLimitExceeded:
      'AI 앱이 더 작은 폴더를 검색하거나, 고급 › 검색 한도에서 한도를 늘릴 수 있습니다.',
    AccessDenied: '사용자 계정이 그 폴더를 읽을 수 있는지 확인하세요.',
    RpcInvalidParams:
      'AI 앱이 FolderGate가 이해하지 못하는 요청을 보냈습니다. 앱을 업데이트하면 나아질 수 있습니다.',
    DeniedByUser:
      '직접 거부했으므로 AI 앱은 아무것도 받지 못했습니다. 검색을 허용하려면 다음에 물을 때 허용을 고르거나, 제어 › 먼저 묻기에서 이 앱을 “묻지 않기”로 바꾸세요.',
    deniedByRule:
      '이 앱에 정해 둔 규칙에 따라 묻지 않고 거부했습니다. 검색을 허용하려면 제어 › 먼저 묻기 › 앱별 설정에서 규칙을 바꾸세요.',
    ApprovalUnavailable:
      '제때 답한 사람이 없어 요청이 거부되었습니다. AI 앱이 작업하는 동안 FolderGate를 열어 두거나, 제어 › 먼저 묻기를 끄세요.',
    ToolDisabled: '이 검색 기능이 꺼져 있습니다. AI 앱이 쓰게 하려면 제어 화면에서 켜세요.',
    other: 'AI 앱이 다른 인수로 다시 시도할 수 있습니다.',
  },
};
