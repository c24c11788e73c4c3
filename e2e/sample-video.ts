import type { Page } from "@playwright/test";

/** A short WebM recorded by the browser itself (MediaRecorder on a canvas). */
export async function recordVideo(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    const recorder = new MediaRecorder(canvas.captureStream(25), {
      mimeType: "video/webm;codecs=vp8",
    });
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
        if (elapsed < 2500) requestAnimationFrame(draw);
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
  });
  return Buffer.from(base64, "base64");
}
