import type { LucideIcon } from "lucide-react";
import LogOut from "lucide-react/icons/log-out";
import Monitor from "lucide-react/icons/monitor";
import MonitorSmartphone from "lucide-react/icons/monitor-smartphone";
import Smartphone from "lucide-react/icons/smartphone";
import Tablet from "lucide-react/icons/tablet";
import Tv from "lucide-react/icons/tv";
import { CenteredSpinner, LoadFailedAlert } from "#app/components/load-status.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import { SESSION_MESSAGES } from "#shared/account.ts";
import type { DeviceKind } from "#shared/user-agent.ts";
import { useSaveSecuritySettings, useSecuritySettings } from "./use-security-settings.ts";
import { type Device, useDevices, useRevokeDevice, useRevokeOtherDevices } from "./use-sessions.ts";

const KIND_ICONS: Record<DeviceKind, LucideIcon> = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
  tv: Tv,
  unknown: MonitorSmartphone,
};

const KIND_LABELS: Record<DeviceKind, string> = {
  desktop: "Computer",
  mobile: "Smartphone",
  tablet: "Tablet",
  tv: "Fernseher",
  unknown: "Gerät",
};

export function SessionsCard() {
  const { data, isPending, isError, refetch } = useDevices();
  const revokeOthers = useRevokeOtherDevices();
  const hasOthers = data?.devices.some((device) => !device.current) ?? false;

  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader>
        <CardTitle id="sessions-title" className="flex items-center gap-2">
          <MonitorSmartphone className="size-5 text-indigo-600" aria-hidden />
          Angemeldete Geräte
        </CardTitle>
        <CardDescription>
          Hier ist Ihr Konto angemeldet. Melden Sie Geräte ab, die Sie nicht kennen oder nicht mehr nutzen.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? (
          <CenteredSpinner className="py-6" />
        ) : isError ? (
          <LoadFailedAlert message={SESSION_MESSAGES.loadFailed} onRetry={() => refetch()} className="text-sm" />
        ) : (
          <ul className="divide-y divide-slate-200 border-y border-slate-200">
            {data.devices.map((device) => (
              <DeviceRow key={device.id} device={device} />
            ))}
          </ul>
        )}
        {hasOthers ? (
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={revokeOthers.isPending}
            onClick={() => revokeOthers.mutate()}
          >
            <LogOut aria-hidden />
            Alle anderen abmelden
          </Button>
        ) : data ? (
          <p className="text-sm text-slate-600">Sie sind nur auf diesem Gerät angemeldet.</p>
        ) : null}
        <NewSignInNotice />
      </CardContent>
    </Card>
  );
}

function NewSignInNotice() {
  const { data } = useSecuritySettings();
  const save = useSaveSecuritySettings();
  return (
    <div className="flex items-start justify-between gap-4 border-t border-slate-200 pt-4">
      <label htmlFor="notify-new-sign-in" className="grid gap-1 text-sm">
        <span className="font-medium text-slate-900">E-Mail bei Anmeldung von einem neuen Gerät</span>
        <span className="text-slate-600">
          Wir schreiben Ihnen, wenn sich Ihr Konto auf einem Gerät oder in einem Browser anmeldet, den wir noch nicht
          kennen.
        </span>
      </label>
      <Switch
        id="notify-new-sign-in"
        checked={data?.notifyNewSignIn ?? true}
        disabled={!data || save.isPending}
        onCheckedChange={(notifyNewSignIn) => save.mutate({ notifyNewSignIn })}
      />
    </div>
  );
}

function DeviceRow({ device }: { device: Device }) {
  const revoke = useRevokeDevice();
  const Icon = KIND_ICONS[device.kind];
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <span className="mt-0.5 rounded-lg bg-slate-100 p-2 text-slate-700">
          <Icon className="size-5" aria-hidden />
          <span className="sr-only">{KIND_LABELS[device.kind]}</span>
        </span>
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words">{device.name}</span>
            {device.current ? <Badge>Dieses Gerät</Badge> : null}
          </p>
          <p className="flex flex-col text-sm text-slate-600 sm:flex-row sm:flex-wrap sm:gap-x-1.5">
            {/* The current session's updatedAt only moves once a day; this device is active now. */}
            <span>{device.current ? "Jetzt aktiv" : `Zuletzt aktiv: ${formatDateTime(device.lastSeen)}`}</span>
            {device.ip ? (
              <>
                <span aria-hidden className="hidden sm:inline">
                  ·
                </span>
                <span>IP-Adresse: {device.ip}</span>
              </>
            ) : null}
          </p>
        </div>
      </div>
      {device.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="ml-12 self-start sm:ml-0 sm:self-center"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate(device.id)}
        >
          Abmelden<span className="sr-only">: {device.name}</span>
        </Button>
      )}
    </li>
  );
}
