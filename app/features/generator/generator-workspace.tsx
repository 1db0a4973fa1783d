import { useQueryClient } from "@tanstack/react-query";
import Archive from "lucide-react/icons/archive";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { CenteredSpinner, LoadFailedAlert } from "#app/components/load-status.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PROFILE_QUERY_KEY } from "#app/features/account/use-profile.ts";
import { ApiError } from "#app/lib/api.ts";
import { ARCHIVE_QUERY_KEY } from "#app/lib/query-client.ts";
import type { GenerateRequest } from "#shared/generator.schemas.ts";
import {
  GENERATOR_MESSAGES,
  GENERATOR_RESPONSIBILITY_NOTE,
  GENERATOR_STEPS,
  POSTS_PER_GENERATION,
} from "#shared/generator.ts";
import { ROUTES } from "#shared/routes.ts";
import { AccessCodeGate } from "./access-code-gate.tsx";
import { DemoNotice } from "./demo-notice.tsx";
import { GenerationError, streamGeneration } from "./generation-stream.ts";
import { GENERATOR_STATUS_QUERY_KEY } from "./generator-constants.ts";
import { GeneratorForm } from "./generator-form.tsx";
import { forgetResults, type GeneratorResults, loadStoredResults, storeResults } from "./generator-session.ts";
import { LoadingPanel } from "./loading-panel.tsx";
import { NoCreditsPanel } from "./no-credits-panel.tsx";
import { ResultCard } from "./result-card.tsx";
import { useGeneratorStatus } from "./use-generator-status.ts";

// Spec section 4 "Generation flow", browser side: the server charges, generates, archives
// and refunds (ADR 0012); the page streams the posts in and keeps credits and archive fresh.
export function GeneratorWorkspace() {
  const queryClient = useQueryClient();
  const { data: status, isPending, isError, refetch } = useGeneratorStatus();
  const [generating, setGenerating] = useState(false);
  // ADR 0065: the last finished run of this tab, back from a trip to the archive.
  const [results, setResults] = useState<GeneratorResults | null>(loadStoredResults);
  const resultsRef = useRef<HTMLElement>(null);

  const refreshCredits = () => {
    void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: GENERATOR_STATUS_QUERY_KEY });
  };

  async function generate(request: GenerateRequest) {
    setGenerating(true);
    setResults(null);
    forgetResults();
    try {
      const done = await streamGeneration(request, (event) => {
        if (event.type === "start") {
          // The credit is taken: the header badge shows it at once.
          refreshCredits();
          setResults({ posts: [], platform: request.platform, demo: event.demo, complete: false });
          requestAnimationFrame(() => resultsRef.current?.scrollIntoView({ behavior: "smooth", block: "nearest" }));
        } else if (event.type === "progress") {
          setResults((current) => (current ? { ...current, posts: event.posts, threads: event.threads } : current));
        }
      });
      const finished: GeneratorResults = {
        posts: done.posts,
        threads: done.threads,
        platform: request.platform,
        demo: done.demo,
        complete: true,
        archiveId: done.archiveId,
        imageUrl: request.imageData,
      };
      setResults(finished);
      storeResults(finished);
      toast.success(GENERATOR_MESSAGES.successTitle, { description: GENERATOR_MESSAGES.success });
      void queryClient.invalidateQueries({ queryKey: ARCHIVE_QUERY_KEY });
    } catch (error) {
      setResults(null);
      const message =
        error instanceof GenerationError || error instanceof ApiError
          ? error.message
          : GENERATOR_MESSAGES.generationFailed;
      toast.error("Fehler", { description: message });
    } finally {
      refreshCredits();
      setGenerating(false);
    }
  }

  // Spec section 2: signed-in users pass the access code first (ADR 0015).
  if (status?.accessCodeRequired) return <AccessCodeGate />;

  const demo = Boolean(status?.demoMode);
  // The server decides (credits, Pro's runs in the period); the page only shows its answer.
  const outOfCredits = status ? !status.canGenerate : false;

  return (
    <div className="grid gap-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Beiträge erstellen</h1>
            {demo ? (
              <Badge tone="amber" data-testid="page-demo-badge">
                {GENERATOR_MESSAGES.demoMode}
              </Badge>
            ) : null}
          </div>
          <p className="mt-3 text-lg text-slate-700">
            {POSTS_PER_GENERATION} Vorschläge pro Durchgang – passend zu Netzwerk, Sprache und Tonalität.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to={ROUTES.archive}>
            <Archive aria-hidden />
            Archivierte Beiträge
          </Link>
        </Button>
      </header>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-label="Eingabe" className="grid min-w-0 gap-4">
          {demo ? <DemoNotice noCredit /> : null}
          {isPending ? (
            <CenteredSpinner className="rounded-xl border border-slate-200 bg-white py-16" />
          ) : isError || !status ? (
            <LoadFailedAlert message={GENERATOR_MESSAGES.profileLoadFailed} onRetry={() => refetch()} />
          ) : outOfCredits && !generating ? (
            <NoCreditsPanel proAllowanceUsed={Boolean(status.isSubscriber)} />
          ) : (
            <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
              <GeneratorForm generating={generating} demo={demo} onGenerate={generate} />
            </div>
          )}
        </section>
        <aside aria-labelledby="steps-heading" className="lg:order-none">
          <h2 id="steps-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            So funktioniert es
          </h2>
          <ol className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
            {GENERATOR_STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white">
                  {index + 1}
                </span>
                <span>
                  <span className="block font-medium text-slate-900">{step.title}</span>
                  <span className="block text-sm text-slate-600">{step.text}</span>
                </span>
              </li>
            ))}
          </ol>
        </aside>
      </div>

      {generating || results ? (
        <section ref={resultsRef} aria-labelledby="results-heading" className="grid scroll-mt-24 gap-4 xl:scroll-mt-32">
          <h2 id="results-heading" className="text-xl font-semibold">
            Ihre Vorschläge
          </h2>
          {/* ADR 0025: the user publishes, so the page says that the check is theirs. */}
          <p className="text-sm text-slate-600" data-testid="responsibility-note">
            {GENERATOR_RESPONSIBILITY_NOTE}
          </p>
          {generating ? <LoadingPanel demo={demo} /> : null}
          {results ? (
            <div className="grid gap-4 md:grid-cols-3">
              {Array.from({ length: POSTS_PER_GENERATION }, (_, index) => {
                const text = results.posts[index] ?? "";
                // While streaming, a post (or thread) is finished once the next one has begun.
                const complete = results.complete || index < results.posts.length - 1;
                const thread = results.threads?.[index];
                return (
                  <ResultCard
                    // biome-ignore lint/suspicious/noArrayIndexKey: the three slots are fixed.
                    key={index}
                    index={index}
                    text={text}
                    thread={results.threads ? (thread ?? []) : undefined}
                    platform={results.platform}
                    demo={results.demo || demo}
                    complete={complete}
                    archiveId={results.archiveId}
                    imageUrl={results.imageUrl}
                  />
                );
              })}
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
