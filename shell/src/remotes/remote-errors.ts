/** Why a remote screen did not load; the area machine tells the two apart. */

/** The network, the manifest, a chunk or the module: worth a retry. */
export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';
}

/** The remote was built for another host-contract version: loading it could break the page. */
export class IncompatibleRemoteError extends Error {
  override readonly name = 'IncompatibleRemoteError';
}
