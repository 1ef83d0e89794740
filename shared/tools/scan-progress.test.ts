import { describe, expect, it } from 'vitest';
import { parseScanProgress, scanProgressMessage } from './scan-progress.js';

describe('scan progress words', () => {
  it('are read back as the numbers they were written from', () => {
    const message = scanProgressMessage(12_400, 300);
    expect(message).toBe('Scanned 12,400 files in 300 folders');
    expect(parseScanProgress(message)).toEqual({ scannedFiles: 12_400, scannedFolders: 300 });
    expect(parseScanProgress('Waiting for the person')).toBeNull();
    expect(parseScanProgress(undefined)).toBeNull();
  });
});
