import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { authClient, describeAuthError } from "#app/features/auth/auth-client.ts";
import { SESSION_MESSAGES } from "#shared/account.ts";
import { type DeviceKind, describeUserAgent } from "#shared/user-agent.ts";

export const SESSIONS_QUERY_KEY = ["sessions"] as const;

export type Device = {
  id: string;
  /** "Chrome auf Windows"; "Unbekanntes Gerät" when the user agent says nothing useful. */
  name: string;
  kind: DeviceKind;
  lastSeen: Date | string;
  ip: string | null;
  current: boolean;
};

/**
 * The account's active sessions as devices, the current one first. Better Auth's list carries
 * each session's token, which revoking needs; the tokens stay in `tokenById` so the card never
 * holds, renders or logs one.
 */
async function fetchDevices(currentSessionId: string | undefined) {
  const { data, error } = await authClient.listSessions();
  if (error) throw new Error(describeAuthError(error));
  const devices: Device[] = data
    .map((session) => ({
      id: session.id,
      ...describeUserAgent(session.userAgent),
      lastSeen: session.updatedAt,
      ip: shortenIp(session.ipAddress),
      current: session.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || timeOf(b.lastSeen) - timeOf(a.lastSeen));
  const tokenById = Object.fromEntries(data.map((session) => [session.id, session.token]));
  return { devices, tokenById };
}

const timeOf = (value: Date | string) => new Date(value).getTime();

export function useDevices() {
  const { data: session } = authClient.useSession();
  const currentSessionId = session?.session.id;
  return useQuery({
    // A password change replaces the current session (and ends the others), so a new id
    // means a new list.
    queryKey: [...SESSIONS_QUERY_KEY, currentSessionId],
    queryFn: () => fetchDevices(currentSessionId),
    enabled: Boolean(currentSessionId),
    staleTime: 0,
  });
}

type DevicesData = Awaited<ReturnType<typeof fetchDevices>>;

export function useRevokeDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deviceId: string) => {
      const lists = queryClient.getQueriesData<DevicesData>({ queryKey: SESSIONS_QUERY_KEY });
      const token = lists.map(([, list]) => list?.tokenById[deviceId]).find(Boolean);
      // Not in the list any more: it is already signed out.
      if (!token) return;
      const { error } = await authClient.revokeSession({ token });
      if (error) throw new Error(describeAuthError(error));
    },
    onSuccess: () => toast.success(SESSION_MESSAGES.revoked),
    onError: (error) => toast.error(`${SESSION_MESSAGES.revokeFailed} ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

export function useRevokeOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { error } = await authClient.revokeOtherSessions();
      if (error) throw new Error(describeAuthError(error));
    },
    onSuccess: () => toast.success(SESSION_MESSAGES.othersRevoked),
    onError: (error) => toast.error(`${SESSION_MESSAGES.othersRevokeFailed} ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const MAPPED_IPV4 = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * An IPv6 address in its canonical text form (RFC 5952: lower case, no leading zeros, the
 * longest run of zero groups as "::"), through the URL parser, which serialises hosts that
 * way; Better Auth stores addresses fully written out ("0000:…:0001"). Null when it is none.
 */
export function compactIpv6(address: string): string | null {
  try {
    const host = new URL(`http://[${address}]/`).hostname;
    return host.slice(1, -1);
  } catch {
    return null;
  }
}

/** An IPv4 client seen over IPv6 (::ffff:a.b.c.d) as the IPv4 address it is. */
function unmapIpv4(compact: string): string {
  const mapped = MAPPED_IPV4.exec(compact);
  if (!mapped) return compact;
  const high = Number.parseInt(mapped[1] ?? "0", 16);
  const low = Number.parseInt(mapped[2] ?? "0", 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/**
 * Enough of the address to recognise a network, not a household: the last IPv4 byte and all
 * but the first three IPv6 groups are hidden, as in the usual anonymisation of addresses.
 * Addresses without a household part (loopback ::1, or one whose first three groups are zero)
 * show compactly as they are. Returns null when there is nothing worth showing.
 */
export function shortenIp(address: string | null | undefined): string | null {
  if (!address) return null;
  const trimmed = address.trim().replace(/%.*$/, "");
  const plain = IPV4.test(trimmed) ? trimmed : trimmed.includes(":") ? compactIpv6(trimmed) : null;
  if (!plain) return null;
  const unmapped = unmapIpv4(plain);
  const v4 = IPV4.exec(unmapped);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.xxx`;
  if (unmapped.startsWith("::")) return unmapped;
  const [head = "", tail] = unmapped.split("::");
  const headGroups = head.split(":");
  const groups = tail === undefined ? headGroups : [...headGroups, "0", "0", "0"];
  return `${groups.slice(0, 3).join(":")}:…`;
}
