import { format } from "date-fns";
import { de } from "date-fns/locale";

// German formats used across the product (spec section 9): 24.12.2026 and 24.12.2026 18:30.
export function formatDate(value: Date | string): string {
  return format(new Date(value), "dd.MM.yyyy", { locale: de });
}

export function formatDateTime(value: Date | string): string {
  return format(new Date(value), "dd.MM.yyyy HH:mm", { locale: de });
}
