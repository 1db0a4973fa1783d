import LoaderCircle from "lucide-react/icons/loader-circle";

export function Spinner({ label = "Laden..." }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle className="size-6 animate-spin text-indigo-600" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
