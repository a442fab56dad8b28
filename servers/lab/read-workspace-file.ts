import { echoInput } from '../common/echo.ts';
import { fileSystemError, openWorkspaceFile, WorkspaceFileError } from './path-guard.ts';

export const READ_LIMITS = {
  /** Characters (Unicode code points) returned at most. */
  maxCharacters: 4000,
  /** Larger files are refused rather than loaded whole. */
  maxFileBytes: 10 * 1024 * 1024,
} as const;

const decoder = new TextDecoder('utf-8', { fatal: true });

function decodeText(bytes: Uint8Array, requested: string): string {
  const binary = new WorkspaceFileError(`'${echoInput(requested)}' is a binary file, not text, so read_file cannot show it.`);
  if (bytes.includes(0)) throw binary;
  try {
    return decoder.decode(bytes);
  } catch {
    throw binary;
  }
}

/** The file's bytes, read through the descriptor the guard checked (never by path again), at most `size`. */
async function readOpened(workspaceDir: string, requested: string): Promise<Uint8Array> {
  const file = await openWorkspaceFile(workspaceDir, requested);
  try {
    if (file.size > READ_LIMITS.maxFileBytes) {
      throw new WorkspaceFileError(`'${echoInput(requested)}' is ${file.size} bytes; read_file reads text files up to ${READ_LIMITS.maxFileBytes} bytes.`);
    }
    const buffer = new Uint8Array(file.size);
    const { bytesRead } = await file.handle.read(buffer, 0, file.size, 0).catch(async (error: unknown) => {
      throw await fileSystemError(error, requested, workspaceDir);
    });
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.handle.close();
  }
}

/** Reads a UTF-8 text file inside the workspace, cut to 4000 characters with a note saying so. */
export async function readWorkspaceTextFile(workspaceDir: string, requested: string): Promise<string> {
  const text = decodeText(await readOpened(workspaceDir, requested), requested);
  const characters = Array.from(text);
  if (characters.length <= READ_LIMITS.maxCharacters) return text;
  return `${characters.slice(0, READ_LIMITS.maxCharacters).join('')}\n\n[truncated: showing the first ${READ_LIMITS.maxCharacters} of ${characters.length} characters]`;
}
