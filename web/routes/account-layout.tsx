import { Outlet } from "react-router";
import { Toaster } from "~/components/ui/toaster";

/**
 * The frame of the sign-in and administration screens: their notices
 * survive the move from one to the other. Public pages are outside it, so
 * they never load the notices or the session library.
 */
export default function AccountLayout() {
  return (
    <>
      {/* Before the screens: it must listen before their first notice. */}
      <Toaster />
      <Outlet />
    </>
  );
}
