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

/**
 * Enough of the address to recognise a network, not a household: the last IPv4 byte and all
 * but the first three IPv6 groups are hidden, as in the usual anonymisation of addresses.
 * Returns null when there is nothing worth showing.
 */
// An IPv4 client seen over IPv6 arrives as ::ffff:a.b.c.d, or fully written out
// (0000:…:ffff:7f00:0001, as Better Auth stores it); either way it is an IPv4 address.
const EXPANDED_MAPPED_IPV4 = /^(?:0{1,4}:){5}ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

function unmapIpv4(address: string): string {
  const expanded = EXPANDED_MAPPED_IPV4.exec(address);
  if (expanded) {
    const high = Number.parseInt(expanded[1] ?? "0", 16);
    const low = Number.parseInt(expanded[2] ?? "0", 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return address.replace(/^::ffff:/i, "");
}

export function shortenIp(address: string | null | undefined): string | null {
  if (!address) return null;
  const plain = unmapIpv4(address.trim().replace(/%.*$/, ""));
  const v4 = IPV4.exec(plain);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.xxx`;
  if (!plain.includes(":")) return null;
  const [head = ""] = plain.split("::");
  const groups = head.split(":").filter(Boolean).slice(0, 3);
  return groups.length > 0 ? `${groups.join(":")}:…` : null;
}
