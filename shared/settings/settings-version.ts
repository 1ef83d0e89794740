// The settings file's schema version (apart, so the migrations and the schema both use it).

/** The settings file's current schema version (2 added `activity`, `tools`, `approval` and roots' `fileTypes`). */
export const SETTINGS_VERSION = 2;
