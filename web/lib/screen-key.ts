/**
 * Which editor screen a route shows: a new one for every letter, article or event she opens,
 * and the same one when a new record, saved for the first time, moves to its own address.
 * Without this the screen was thrown away and built again a moment after the first save: the
 * editor lost its place and focus, and a button she was about to press was replaced under her.
 */

import { useLocation, useNavigate } from "react-router";

type ScreenState = { screenKey?: unknown } | null;

/** The key of the screen at this address: the one it was opened with, kept across a first save. */
export function useScreenKey(): string {
  const location = useLocation();
  const kept = (location.state as ScreenState)?.screenKey;
  return typeof kept === "string" ? kept : location.key;
}

/**
 * Goes to the address of the record just created, in place of the „new“ one, keeping the
 * screen (its state already holds what the new address's loader reads).
 */
export function useMoveToSavedRecord(): (path: string) => void {
  const navigate = useNavigate();
  const screenKey = useScreenKey();
  return (path) => navigate(path, { replace: true, state: { screenKey } });
}
