// Placeholder: the preload exposes MemTray's typed API verbs through contextBridge (issue 7).
export {};
