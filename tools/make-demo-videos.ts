import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { makeSeekable } from './webm-seekable.ts';

/**
 * Writes the formations' demo videos into server/demo-media (`npx tsx tools/make-demo-videos.ts`):
 * there is no ffmpeg here, so Chromium draws 'Chapitre N' and a running clock on a canvas, records
 * it with MediaRecorder (VP8, a keyframe each second), and tools/webm-seekable.ts adds the Duration
 * and the Cues MediaRecorder leaves out. The script then plays each file back in Chromium over
 * HTTP ranges, seeks to 9 s and checks where it landed. The files are committed; run it again
 * only to change them.
 */
const SECONDS = 15;
const COUNT = 4;
const folder = new URL('../server/demo-media/', import.meta.url);
mkdirSync(folder, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'],
});
try {
  const page = await browser.newPage();
  // tsx names functions with an `__name` helper the page does not have.
  await page.addInitScript('globalThis.__name = (f) => f');
  await page.setContent('<!doctype html><title>vidéos</title>');
  await page.evaluate('globalThis.__name = (f) => f');
  const recorded = await page.evaluate(
    async ({ seconds, count }) => {
      const colours = ['#0f766e', '#1d4ed8', '#7e22ce', '#b45309'];
      const record = (n: number) =>
        new Promise<number[]>((resolve, reject) => {
          const canvas = document.createElement('canvas');
          canvas.width = 320;
          canvas.height = 180;
          document.body.append(canvas);
          const g = canvas.getContext('2d')!;
          const started = performance.now();
          const draw = () => {
            const t = (performance.now() - started) / 1000;
            g.fillStyle = colours[(n - 1) % colours.length]!;
            g.fillRect(0, 0, 320, 180);
            g.fillStyle = '#fff';
            g.font = 'bold 34px sans-serif';
            g.textAlign = 'center';
            g.fillText(`Chapitre ${n}`, 160, 80);
            g.font = '22px monospace';
            g.fillText(`00:${String(Math.min(Math.floor(t), 59)).padStart(2, '0')}`, 160, 120);
            g.fillRect(20, 150, Math.min(t / seconds, 1) * 280, 8);
          };
          draw();
          const timer = setInterval(draw, 1000 / 15);
          const options = { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 90_000, videoKeyFrameIntervalDuration: 1000 };
          const recorder = new MediaRecorder(canvas.captureStream(15), options as MediaRecorderOptions);
          const chunks: Blob[] = [];
          recorder.ondataavailable = (event) => chunks.push(event.data);
          recorder.onerror = () => reject(new Error('MediaRecorder a échoué'));
          recorder.onstop = async () => {
            clearInterval(timer);
            resolve([...new Uint8Array(await new Blob(chunks).arrayBuffer())]);
          };
          recorder.start(1000);
          setTimeout(() => recorder.stop(), seconds * 1000 + 100);
        });
      return Promise.all(Array.from({ length: count }, (_, i) => record(i + 1)));
    },
    { seconds: SECONDS, count: COUNT },
  );

  recorded.forEach((raw, i) => {
    const { bytes, report } = makeSeekable(Uint8Array.from(raw));
    const name = `chapitre-${i + 1}.webm`;
    writeFileSync(new URL(name, folder), bytes);
    console.log(`${name}: ${bytes.length} octets, ${(report.durationMs / 1000).toFixed(2)} s, ${report.clusters} clusters, ${report.cues} repères`);
  });

  // Play each file back over HTTP ranges (as the server sends it) and seek into it.
  const ranges: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(`.${request.url ?? '/'}`, folder);
    if (!request.url?.endsWith('.webm')) return response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>lecture</title>');
    const size = statSync(path).size;
    const match = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
    const body = readFileSync(path);
    if (!match) return response.writeHead(200, { 'content-type': 'video/webm', 'accept-ranges': 'bytes', 'content-length': size }).end(body);
    const start = Number(match[1]);
    const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
    ranges.push(`${request.url} ${start}-${end}`);
    response.writeHead(206, { 'content-type': 'video/webm', 'accept-ranges': 'bytes', 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': end - start + 1 });
    response.end(body.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await page.goto(`${origin}/`);
  for (let i = 1; i <= COUNT; i += 1) {
    const result = await page.evaluate(async (src) => {
      const video = document.createElement('video');
      video.muted = true;
      video.preload = 'metadata';
      video.src = src;
      await new Promise((resolve, reject) => {
        video.onloadedmetadata = resolve;
        video.onerror = () => reject(new Error(`lecture impossible : ${video.error?.message}`));
      });
      const duration = video.duration;
      video.currentTime = 9;
      await new Promise((resolve) => (video.onseeked = resolve));
      const seekable = video.seekable.length > 0 ? video.seekable.end(0) : 0;
      return { duration, at: video.currentTime, seekable };
    }, `${origin}/chapitre-${i}.webm`);
    const ok = Number.isFinite(result.duration) && Math.abs(result.at - 9) < 0.5 && result.seekable > 9;
    console.log(`chapitre-${i}.webm: durée ${result.duration.toFixed(2)} s, positionné à ${result.at.toFixed(2)} s, cherchable jusqu'à ${result.seekable.toFixed(2)} s ${ok ? 'OK' : 'ÉCHEC'}`);
    if (!ok) process.exitCode = 1;
  }
  console.log(`${ranges.length} requêtes par plage servies (206)`);
  server.close();
} finally {
  await browser.close();
}
