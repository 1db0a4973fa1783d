import Plus from "lucide-react/icons/plus";
import X from "lucide-react/icons/x";
import { useId } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { PostLength, PostTextField } from "#app/features/publishing/post-text-field.tsx";
import type { ConnectedAccount } from "#app/features/publishing/use-publishing.ts";
import { NETWORKS, type NetworkId } from "#shared/networks.ts";
import type { PostTextCheck } from "#shared/post-length.ts";
import { THREAD_MAX_POSTS, THREAD_MIN_POSTS } from "#shared/publishing.ts";
import {
  type ComposerValue,
  checkForChosen,
  chosenAccounts,
  chosenNetworks,
  contentWarningOf,
  isCustomized,
  isThread,
  textFor,
} from "./composer-value.ts";

// The composer's text (ADR 0086) in its three forms: one text for every chosen account with a
// counter per network, one text per account ("Text je Konto anpassen"), or a thread's posts.
// Every counter measures by the network's own rule from shared/networks.ts, as the server does.

type Props = { value: ComposerValue; onChange: (value: ComposerValue) => void; accounts: ConnectedAccount[] };

export function ComposerText(props: Props) {
  if (isThread(props.value)) return <ThreadPosts {...props} />;
  if (isCustomized(props.value)) return <TextPerAccount {...props} />;
  return <CommonText {...props} />;
}

/** One counter per network, for a text that goes to all of them. */
function NetworkCounters({
  id,
  text,
  networks,
  check,
}: {
  id: string;
  text: string;
  networks: NetworkId[];
  check: (network: NetworkId, text: string) => PostTextCheck;
}) {
  if (networks.length === 0) return null;
  return (
    <ul id={id} className="flex flex-wrap justify-end gap-x-4 gap-y-1" data-testid="network-counters">
      {networks.map((network) => (
        <li key={network} className="flex items-baseline gap-1 text-xs" data-testid={`counter-${network}`}>
          <span className="text-slate-700">{NETWORKS[network].label}:</span>
          <PostLength check={check(network, text)} />
        </li>
      ))}
    </ul>
  );
}

function CommonText({ value, onChange, accounts }: Props) {
  const id = useId();
  const networks = chosenNetworks(value, accounts);
  const check = (network: NetworkId, text: string) => checkForChosen(value, accounts, network, text);
  const tooLong = networks.some((network) => !check(network, value.text).fits);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-text`}>Text</Label>
      <Textarea
        id={`${id}-text`}
        rows={7}
        value={value.text}
        onChange={(event) => onChange({ ...value, text: event.target.value })}
        aria-invalid={tooLong || undefined}
        aria-describedby={networks.length > 0 ? `${id}-counters` : undefined}
      />
      <NetworkCounters id={`${id}-counters`} text={value.text} networks={networks} check={check} />
    </div>
  );
}

function TextPerAccount({ value, onChange, accounts }: Props) {
  const id = useId();
  const chosen = chosenAccounts(value, accounts);
  if (chosen.length === 0) return <p className="text-sm text-slate-600">Wählen Sie oben die Konten für den Beitrag.</p>;
  return (
    <div className="grid gap-4">
      {chosen.map((account) => (
        <PostTextField
          key={account.id}
          id={`${id}-${account.id}`}
          label={`Text für ${account.networkLabel} (${account.handle})`}
          network={account.network}
          maxLength={account.maxCharacters}
          contentWarning={contentWarningOf(value)}
          value={textFor(value, account.id)}
          onChange={(text) => onChange({ ...value, perAccountText: { ...value.perAccountText, [account.id]: text } })}
        />
      ))}
    </div>
  );
}

function ThreadPosts({ value, onChange, accounts }: Props) {
  const id = useId();
  const networks = chosenNetworks(value, accounts);
  const check = (network: NetworkId, text: string) => checkForChosen(value, accounts, network, text);
  const posts = value.threadPosts;
  const setPost = (index: number, text: string) =>
    onChange({ ...value, threadPosts: posts.map((post, at) => (at === index ? text : post)) });
  return (
    <section aria-label="Beiträge des Threads" className="grid gap-3">
      <ol className="grid gap-3">
        {posts.map((post, index) => {
          const fieldId = `${id}-post-${index}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a post is its position in the thread.
            <li key={index} className="grid gap-1.5">
              <div className="flex items-center justify-between gap-2">
                <Label htmlFor={fieldId}>
                  Beitrag {index + 1} von {posts.length}
                </Label>
                {posts.length > THREAD_MIN_POSTS ? (
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    onClick={() => onChange({ ...value, threadPosts: posts.filter((_, at) => at !== index) })}
                    aria-label={`Beitrag ${index + 1} entfernen`}
                  >
                    <X aria-hidden />
                    Entfernen
                  </Button>
                ) : null}
              </div>
              <Textarea
                id={fieldId}
                rows={3}
                value={post}
                onChange={(event) => setPost(index, event.target.value)}
                aria-invalid={networks.some((network) => !check(network, post).fits) || undefined}
                aria-describedby={networks.length > 0 ? `${fieldId}-counters` : undefined}
              />
              <NetworkCounters id={`${fieldId}-counters`} text={post} networks={networks} check={check} />
            </li>
          );
        })}
      </ol>
      {posts.length < THREAD_MAX_POSTS ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="justify-self-start"
          onClick={() => onChange({ ...value, threadPosts: [...posts, ""] })}
        >
          <Plus aria-hidden />
          Beitrag hinzufügen
        </Button>
      ) : null}
    </section>
  );
}
