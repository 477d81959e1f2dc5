// The mock as a user installs it: this package, the spec and the types packed with pnpm, installed with npm into a
// throwaway project outside the workspace (@thumbnail-api/dev-tools/packed-project).
import { installPackedProject, type PackedProject } from '@thumbnail-api/dev-tools/packed-project';

export { packWorkspaceFolders } from '@thumbnail-api/dev-tools/packed-project';

export type PackedInstall = PackedProject;

/** What to install beside the mock: more workspace packages (folders, packed too) and packages from the registry (`name@version`). */
export interface PackedInstallOptions {
  readonly workspaceFolders?: readonly string[];
  readonly fromRegistry?: readonly string[];
}

export function installPackedMock(options: PackedInstallOptions = {}): PackedInstall {
  return installPackedProject({
    folders: ['spec', 'packages/types', 'packages/mock', ...(options.workspaceFolders ?? [])],
    fromRegistry: options.fromRegistry,
    prefix: 'thumbnail-api-mock-installed-',
  });
}
