interface ConnectPromptProps {
  onOpenOptions: () => void;
}

/** What the popup shows before any server is set up. */
export function ConnectPrompt({ onOpenOptions }: ConnectPromptProps) {
  return (
    <section class="connect">
      <h1>Connect your server first</h1>
      <p class="muted">Enter your link-shortening server’s address and API key in Options.</p>
      <button type="button" class="primary" onClick={onOpenOptions}>
        Open Options
      </button>
    </section>
  );
}
