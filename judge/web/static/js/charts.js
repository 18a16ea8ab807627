/* Charts of judge pages, drawn with the vendored Chart.js.
 *
 * Contract: a <canvas data-chart-spec="ID"> whose spec is JSON in <script type="application/json"
 * id="ID"> (judge.web.pages.chart_spec): {id, title, unit, labels[], values[] (null: not measured
 * yet), verdicts[] (null: not judged yet), lines: [{value, label, dash?}], horizontal}.
 * One bar per label, coloured by its verdict (CSS variables --v-XX), and dashed reference lines
 * (the limits) across the bars.
 *
 * window.judgeCharts.setBar(canvasId, index, value, verdict) changes one bar (live updates).
 */
(function () {
  "use strict";

  const rootStyle = getComputedStyle(document.documentElement);

  function verdictColor(verdict) {
    return rootStyle.getPropertyValue("--v-" + (verdict || "pending")).trim() || "#8c959f";
  }

  function barColor(verdict) {
    // JE is white on red in badges; its bar takes the background colour.
    return verdict === "JE" ? rootStyle.getPropertyValue("--v-JE-bg").trim() : verdictColor(verdict);
  }

  // Dashed lines across the value axis, each with its label at the far end.
  const referenceLines = {
    id: "referenceLines",
    afterDatasetsDraw(chart, _args, options) {
      const horizontal = chart.options.indexAxis === "y";
      const scale = horizontal ? chart.scales.x : chart.scales.y;
      const area = chart.chartArea;
      const ctx = chart.ctx;
      for (const line of options.lines || []) {
        const at = scale.getPixelForValue(line.value);
        ctx.save();
        ctx.strokeStyle = "#cf222e";
        ctx.fillStyle = "#cf222e";
        ctx.lineWidth = 1.5;
        ctx.setLineDash(line.dash || [6, 4]);
        ctx.beginPath();
        if (horizontal) {
          ctx.moveTo(at, area.top);
          ctx.lineTo(at, area.bottom);
        } else {
          ctx.moveTo(area.left, at);
          ctx.lineTo(area.right, at);
        }
        ctx.stroke();
        ctx.font = "12px system-ui, sans-serif";
        if (horizontal) {
          ctx.textAlign = "right";
          ctx.save();
          ctx.translate(at - 3, area.top + 2);
          ctx.rotate(-Math.PI / 2);
          ctx.textAlign = "right";
          ctx.textBaseline = "bottom";
          ctx.fillText(line.label, 0, 0);
          ctx.restore();
        } else {
          ctx.textAlign = "right";
          ctx.textBaseline = "bottom";
          ctx.fillText(line.label, area.right - 2, at - 2);
        }
        ctx.restore();
      }
    },
  };

  function build(canvas) {
    const spec = JSON.parse(document.getElementById(canvas.dataset.chartSpec).textContent);
    const peak = Math.max(0, ...spec.values.filter((v) => v !== null));
    const highestLine = Math.max(0, ...spec.lines.map((line) => line.value));
    const valueAxis = {
      beginAtZero: true,
      // Room above the highest limit line so that its label stays readable.
      suggestedMax: Math.max(peak, highestLine) * 1.08,
      title: { display: true, text: spec.unit },
    };
    const labelAxis = {
      ticks: {
        autoSkip: true,
        maxRotation: 60,
        font: { family: "monospace" },
        // Long labels (solution paths) keep their end, the file name, on narrow screens.
        callback(value) {
          const label = this.getLabelForValue(value);
          const room = canvas.clientWidth < 600 ? 18 : 40;
          return label.length > room ? "…" + label.slice(-(room - 1)) : label;
        },
      },
    };
    return new Chart(canvas, {
      type: "bar",
      data: {
        labels: spec.labels,
        datasets: [
          {
            label: spec.title,
            data: spec.values,
            backgroundColor: spec.verdicts.map(barColor),
            verdicts: spec.verdicts,
            minBarLength: 2,
          },
        ],
      },
      options: {
        indexAxis: spec.horizontal ? "y" : "x",
        maintainAspectRatio: false,
        animation: false,
        scales: spec.horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
        plugins: {
          legend: { display: false },
          referenceLines: { lines: spec.lines },
          tooltip: {
            callbacks: {
              label(item) {
                const verdict = item.dataset.verdicts[item.dataIndex] || "not judged";
                return `${verdict}: ${item.formattedValue} ${spec.unit}`;
              },
            },
          },
        },
      },
      plugins: [referenceLines],
    });
  }

  function setBar(canvasId, index, value, verdict) {
    const chart = Chart.getChart(canvasId);
    if (!chart) return;
    const dataset = chart.data.datasets[0];
    dataset.data[index] = value;
    dataset.verdicts[index] = verdict;
    dataset.backgroundColor[index] = barColor(verdict);
    chart.update();
  }

  document.querySelectorAll("canvas[data-chart-spec]").forEach(build);
  window.judgeCharts = { build, setBar };
})();
