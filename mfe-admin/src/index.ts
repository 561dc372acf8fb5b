// The remote has no page of its own: the shell loads its screen through remoteEntry.js /
// mf-manifest.json. webpack still wants an entry; this one is intentionally empty.
export {};
