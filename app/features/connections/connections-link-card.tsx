import Link2 from "lucide-react/icons/link-2";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { PUBLISHING_NETWORK_NAMES } from "#shared/networks.ts";
import { CONNECTIONS_PATH } from "#shared/publishing.ts";

// A module of its own: /konto needs only this link, not the accounts card with the networks'
// rules and counting that come with it.

/** On /konto: where the accounts are managed (a page of its own, the networks send the browser back there). */
export function ConnectionsLinkCard() {
  return (
    <Card aria-labelledby="connections-link-title">
      <CardHeader
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to={CONNECTIONS_PATH}>Konten verwalten</Link>
          </Button>
        }
      >
        <CardTitle id="connections-link-title" className="flex items-center gap-2">
          <Link2 className="size-5 text-indigo-600" aria-hidden />
          Verbundene Konten
        </CardTitle>
        <CardDescription>
          Konten bei {PUBLISHING_NETWORK_NAMES} verbinden, um Beiträge direkt aus Postwerk zu veröffentlichen und zu
          planen.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}
