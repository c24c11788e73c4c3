import { Link2Off } from "lucide-react";
import { useState } from "react";
import { Card } from "~/components/admin/material-card";
import type { RunAction } from "~/components/admin/material-list";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { currentAccessToken, revokeGiftLink } from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

/** „Zrušit odkaz na dárek“: a gift link that got where it should not stops working. */
export function RevokeGiftLink({ run, busy }: { run: RunAction; busy: boolean }) {
  const [link, setLink] = useState("");
  return (
    <Card id="revoke-heading" title="Zrušit odkaz na dárek">
      <p className="mt-3 max-w-3xl leading-relaxed text-bark-soft">
        {typeset(
          "Každý, kdo si o dárek řekl, dostal vlastní odkaz. Kdyby se odkaz dostal, kam nemá (například ho někdo přeposlal dál), vložte ho sem a přestane platit.",
        )}
      </p>
      <form
        className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={async (event) => {
          event.preventDefault();
          const revoked = await run(
            async () => revokeGiftLink(await currentAccessToken(), link),
            "Odkaz už neplatí.",
          );
          if (revoked) setLink("");
        }}
      >
        <TextField
          id="gift-link"
          label="Odkaz na dárek"
          value={link}
          onChange={(event) => setLink(event.currentTarget.value)}
          className="grow"
        />
        <Button type="submit" variant="secondary" disabled={busy || link.trim() === ""}>
          <Link2Off aria-hidden="true" className="size-5" />
          Zrušit odkaz
        </Button>
      </form>
    </Card>
  );
}
