/**
 * chart.js with only what „Přehled“ draws (lines, their points, a filled area, two axes and
 * the tooltip), registered once. Imported only dynamically (`trend-chart.tsx`), so the library
 * is its own chunk that loads with the overview and never with a public page.
 */
import {
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";

Chart.register(
  LineController,
  LineElement,
  PointElement,
  LinearScale,
  CategoryScale,
  Filler,
  Tooltip,
);

export { Chart };
