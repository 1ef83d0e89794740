; FolderGate's additions to electron-builder's NSIS installer (electron-builder.yml `nsis.include`).
;
; Always install for the current user only, into electron-builder's per-user folder
; (%LOCALAPPDATA%\Programs\FolderGate): the installer's "Who should this app be installed for?"
; page is skipped, also when the installer is started as administrator. The path then never
; changes from one update to the next, and updates never ask for administrator rights.
; electron-builder's multiUserUi.nsh calls this macro and reads $isForceCurrentInstall.
!macro customInstallMode
  StrCpy $isForceCurrentInstall "1"
!macroend
