import http from "node:http";
import type { AddressInfo } from "node:net";
import { NetworkError, type SocialNetwork } from "#server/integrations/social/social-network.ts";
import { NETWORK_IDS, type NetworkId } from "#shared/networks.ts";
import { createScriptedNetwork } from "./scripted-network.ts";

// A "network" in the test process that app servers in other processes post to over HTTP, so a
// test can kill a server mid-send and still count what arrived (ADR 0053). A post counts as
// arrived when its request is read, before the answer, like a network that has made the post
// and then loses the connection. Not the HTTP fakes of the real APIs (tests/mocks/).

export async function startRecordingNetwork(options: { answerAfterMs: number }) {
  const arrivals: string[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      const { text } = JSON.parse(body) as { text: string };
      arrivals.push(text);
      const externalId = `post-${arrivals.length}`;
      setTimeout(() => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ externalId }));
      }, options.answerAfterMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What an app server of the test uses for every network: publish is a POST to the recorder. */
export function createRemoteNetworks(recorderUrl: string): Record<NetworkId, SocialNetwork> {
  return Object.fromEntries(
    NETWORK_IDS.map((id) => {
      const base = createScriptedNetwork(id);
      const network: SocialNetwork = {
        ...base,
        async publish(_tokens, _identity, input) {
          let response: Response;
          try {
            response = await fetch(`${recorderUrl}/publish`, {
              method: "POST",
              body: JSON.stringify({ text: input.text }),
            });
          } catch (error) {
            throw new NetworkError(id, "outcome-unknown", { cause: error });
          }
          const { externalId } = (await response.json()) as { externalId: string };
          return { status: "published", post: { externalId, url: `${recorderUrl}/posts/${externalId}` } };
        },
      };
      return [id, network];
    }),
  ) as Record<NetworkId, SocialNetwork>;
}
