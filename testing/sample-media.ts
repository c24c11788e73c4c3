import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";

/** The first 12 bytes of an MP4 file (an `ftyp` box of brand mp42). */
export const mp4Head = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32]);

/** Bytes that start as an MP4 file does, then random ones: `size` in all. */
export function fakeMp4(size: number): Buffer {
  return Buffer.concat([mp4Head, randomBytes(size - mp4Head.length)]);
}

/**
 * A real video: 2.5 s of WebM (VP8) that the page's Chromium records from a canvas with its
 * MediaRecorder, so that a `<video>` can play and seek it. `mimeType` may ask for MP4 instead
 * (`video/mp4;codecs=vp9`: Chromium's MP4 writer states the length in the file's header).
 */
export async function recordVideo(
  page: Page,
  { mimeType = "video/webm;codecs=vp8", durationMs = 2500 } = {},
): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ mimeType, durationMs }) => {
      const canvas = document.createElement("canvas");
      canvas.width = 320;
      canvas.height = 180;
      const context = canvas.getContext("2d") as CanvasRenderingContext2D;
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType });
      const parts: Blob[] = [];
      recorder.ondataavailable = (event) => parts.push(event.data);
      const stopped = new Promise((resolve) => {
        recorder.onstop = resolve;
      });
      recorder.start(200);
      const started = performance.now();
      await new Promise<void>((resolve) => {
        const draw = () => {
          const elapsed = performance.now() - started;
          context.fillStyle = "#6b7f5a";
          context.fillRect(0, 0, 320, 180);
          context.fillStyle = "#f6efe3";
          context.beginPath();
          context.arc(40 + ((elapsed / 10) % 240), 90, 30, 0, Math.PI * 2);
          context.fill();
          if (elapsed < durationMs) requestAnimationFrame(draw);
          else resolve();
        };
        draw();
      });
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(parts).arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { mimeType, durationMs },
  );
  return Buffer.from(base64, "base64");
}
