// 폴더: 지금 쓰는 폴더별 규칙보다 오래된 FolderGate 서버를 아직 실행 중인 AI 앱.
export const olderServers = {
  title: '{{apps, josa(p:을/를)}} 종료했다가 다시 여세요',
  body_other:
    '{{apps, josa(p:은/는)}} 아직 이 버전 이전의 FolderGate를 실행하고 있어 {{rules, josa(p:을/를)}} 지키지 못합니다. 다시 열기 전까지는 이 설정이 없는 것처럼 검색할 수 있습니다.',
  handWritten: '직접 설정한 AI 앱',
  rules: {
    apps: '폴더를 검색할 수 있는 AI 앱',
    until: '폴더를 허용하는 기간',
    leaveOut: '제외한 하위 폴더',
  },
} as const;
