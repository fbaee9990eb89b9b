/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.snowflakeid.chaos;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The campaign at a glance: one strip per worker slot with its IDs per second (log
 * scale), the stretches in which its calls were refused shaded red, and every fault that
 * hit it (its own, or its region's server) as a vertical line labelled with a short code,
 * in the fault's colour.
 */
final class CampaignChart {

	private static final Map<String, String> CODES = Map.ofEntries(Map.entry("WORKER_PAUSE", "P"),
			Map.entry("WORKER_KILL", "K"), Map.entry("WORKER_RESTART", "R"), Map.entry("NETWORK_STALL", "S"),
			Map.entry("NETWORK_DROP", "D"), Map.entry("CLOCK_STEP", "C"), Map.entry("LOAD_SPIKE", "L"),
			Map.entry("REDIS_PAUSE", "RP"), Map.entry("REDIS_KILL", "RK"), Map.entry("REDIS_WIPE", "RW"),
			Map.entry("REDIS_FLUSHALL", "RF"), Map.entry("POSTGRES_PAUSE", "PP"), Map.entry("POSTGRES_KILL", "PK"),
			Map.entry("POSTGRES_RESTORE", "PR"), Map.entry(Incident.WORKER_EXIT, "X"));

	private static final Map<String, Color> COLORS = Map.ofEntries(Map.entry("WORKER_PAUSE", new Color(0x1f77b4)),
			Map.entry("WORKER_KILL", new Color(0x000000)), Map.entry("WORKER_RESTART", new Color(0x7f7f7f)),
			Map.entry("NETWORK_STALL", new Color(0x9467bd)), Map.entry("NETWORK_DROP", new Color(0xe377c2)),
			Map.entry("CLOCK_STEP", new Color(0xff7f0e)), Map.entry("LOAD_SPIKE", new Color(0x2ca02c)),
			Map.entry("REDIS_PAUSE", new Color(0x17becf)), Map.entry("REDIS_KILL", new Color(0x8c564b)),
			Map.entry("REDIS_WIPE", new Color(0xd62728)), Map.entry("REDIS_FLUSHALL", new Color(0xbcbd22)),
			Map.entry("POSTGRES_PAUSE", new Color(0x17becf)), Map.entry("POSTGRES_KILL", new Color(0x8c564b)),
			Map.entry("POSTGRES_RESTORE", new Color(0xd62728)), Map.entry(Incident.WORKER_EXIT, new Color(0x444444)));

	private static final Color REFUSED = new Color(255, 0, 0, 60);

	private CampaignChart() {
	}

	static void write(Path file, Store store, long originNanos, long endNanos, List<Incident> incidents,
			Checker.Result result) {
		NumberAxis time = new NumberAxis("seconds since the campaign started");
		time.setRange(0, (endNanos - originNanos) / 1e9);
		CombinedDomainXYPlot combined = new CombinedDomainXYPlot(time);
		combined.setGap(6);
		for (Checker.SlotStats slot : result.slots().values()) {
			combined.add(strip(store, slot, originNanos, endNanos, incidents), 1);
		}
		JFreeChart chart = new JFreeChart("IDs per second per worker; red: calls refused; lines: faults",
				new Font(Font.SANS_SERIF, Font.BOLD, 16), combined, false);
		chart.setBackgroundPaint(Color.WHITE);
		StringBuilder legend = new StringBuilder();
		CODES.entrySet()
			.stream()
			.filter((code) -> code.getKey().equals(Incident.WORKER_EXIT)
					|| store.kinds().contains(FaultKind.valueOf(code.getKey())))
			.sorted(Map.Entry.comparingByValue())
			.forEach((code) -> legend.append(code.getValue())
				.append(" = ")
				.append(code.getKey().toLowerCase())
				.append("   "));
		chart.addSubtitle(new TextTitle(legend.toString().trim(), new Font(Font.SANS_SERIF, Font.PLAIN, 12)));
		int height = 120 + 170 * result.slots().size();
		try {
			ChartUtils.saveChartAsPNG(file.toFile(), chart, 1800, height);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static XYPlot strip(Store store, Checker.SlotStats slot, long originNanos, long endNanos,
			List<Incident> incidents) {
		XYSeries series = new XYSeries(slot.name());
		long[] perSecond = slot.idsPerSecond();
		int seconds = (int) Math.min(perSecond.length, (endNanos - originNanos) / 1_000_000_000L + 1);
		for (int second = 0; second < seconds; second++) {
			series.add(second, Math.max(1, perSecond[second]));
		}
		LogAxis ids = new LogAxis(slot.name() + " IDs/s");
		ids.setBase(10);
		ids.setSmallestValue(1);
		ids.setRange(1, 2_000_000);
		ids.setNumberFormatOverride(new DecimalFormat("#,##0"));
		ids.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
		XYStepRenderer renderer = new XYStepRenderer();
		renderer.setSeriesPaint(0, new Color(0x1f4e79));
		renderer.setSeriesStroke(0, new BasicStroke(1.0f));
		XYPlot plot = new XYPlot(new XYSeriesCollection(series), null, ids, renderer);
		plot.setBackgroundPaint(Color.WHITE);
		plot.setDomainGridlinePaint(new Color(0xdddddd));
		plot.setRangeGridlinePaint(new Color(0xdddddd));
		shadeRefusals(plot, slot.refusing());
		for (Incident incident : incidents) {
			if (store.affects(incident, slot)) {
				mark(plot, incident, originNanos);
			}
		}
		return plot;
	}

	private static void shadeRefusals(XYPlot plot, BitSet refusing) {
		double bucket = Checker.BUCKET_NANOS / 1e9;
		int start = refusing.nextSetBit(0);
		while (start >= 0) {
			int end = refusing.nextClearBit(start);
			IntervalMarker marker = new IntervalMarker(start * bucket, end * bucket, REFUSED);
			plot.addDomainMarker(marker, Layer.BACKGROUND);
			start = refusing.nextSetBit(end);
		}
	}

	private static void mark(XYPlot plot, Incident incident, long originNanos) {
		Color color = COLORS.getOrDefault(incident.kind(), Color.DARK_GRAY);
		double start = (incident.startNanos() - originNanos) / 1e9;
		ValueMarker line = new ValueMarker(start, color, new BasicStroke(1.2f));
		line.setLabel(CODES.getOrDefault(incident.kind(), "?"));
		line.setLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 10));
		line.setLabelPaint(color);
		line.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
		line.setLabelTextAnchor(TextAnchor.TOP_LEFT);
		plot.addDomainMarker(line, Layer.FOREGROUND);
		double end = (incident.endNanos() - originNanos) / 1e9;
		if (end - start > 0.2) {
			plot.addDomainMarker(
					new IntervalMarker(start, end, new Color(color.getRed(), color.getGreen(), color.getBlue(), 30)),
					Layer.BACKGROUND);
		}
	}

}
