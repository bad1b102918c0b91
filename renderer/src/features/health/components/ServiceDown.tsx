/**
 * One message while the service does not answer (instead of a red box per card), with how to bring
 * it back. The views reload on their own when the live stream reconnects.
 */
export function ServiceDown({ electron = Boolean(window.memtray) }: { electron?: boolean }) {
  return (
    <div className="card service-down" role="alert">
      <h3>The MemTray service is not answering</h3>
      <p>
        Nothing is lost: Claude Code's hooks keep what they capture in the spool until the service is back.
        This page reconnects on its own and reloads everything as soon as it answers.
      </p>
      <h4>To restart it</h4>
      {electron ? (
        <p>
          Quit MemTray from its tray menu (<b>Quit</b>) and open it again; it starts its own service.
        </p>
      ) : (
        <p>
          Run <code>memtray serve</code> again in a terminal (or <code>npm start</code> for the app), with the
          same data dir. The link it prints stays the same.
        </p>
      )}
      <p className="muted small">
        Why it stopped is in the service log, <code>memtray.log</code> in the data dir.
      </p>
    </div>
  );
}
