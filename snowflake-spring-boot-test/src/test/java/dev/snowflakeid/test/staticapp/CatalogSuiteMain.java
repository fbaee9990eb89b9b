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
package dev.snowflakeid.test.staticapp;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.HashSet;
import java.util.Set;

import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Runs {@link CatalogSuite} through the JUnit Platform launcher in this JVM, as a build
 * tool runs an application's tests, with the static configuration of the system
 * properties this JVM was started with. Prints the failures, then one line
 * {@code SUITE tests=<n> succeeded=<n> failed=<n> contexts=<n>
 * generators=<n> ids=<n> distinct=<n> increasing=<true|false>}; exits with status 1 if a
 * test failed.
 */
public final class CatalogSuiteMain {

	private CatalogSuiteMain() {
	}

	public static void main(String[] args) {
		LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
			.selectors(selectClass(CatalogSuite.Dirtied.class), selectClass(CatalogSuite.Orders.class),
					selectClass(CatalogSuite.Billing.class), selectClass(CatalogSuite.DirtiedAfterEachTest.class))
			.configurationParameter("junit.jupiter.testclass.order.default",
					"org.junit.jupiter.api.ClassOrderer$OrderAnnotation")
			.build();
		SummaryGeneratingListener listener = new SummaryGeneratingListener();
		Launcher launcher = LauncherFactory.create();
		launcher.execute(request, listener);
		TestExecutionSummary summary = listener.getSummary();
		PrintStream out = System.out;
		summary.printFailuresTo(new PrintWriter(out, true), 20);
		Set<Integer> contexts = new HashSet<>();
		Set<Integer> generators = new HashSet<>();
		Set<Long> distinct = new HashSet<>();
		long count = 0;
		boolean increasing = true;
		long previous = Long.MIN_VALUE;
		for (CatalogSuite.Seen seen : CatalogSuite.seen) {
			contexts.add(seen.context());
			generators.add(seen.generator());
			for (long id : seen.ids()) {
				count++;
				distinct.add(id);
				increasing &= id > previous;
				previous = id;
			}
		}
		out.println("SUITE tests=" + summary.getTestsFoundCount() + " succeeded=" + summary.getTestsSucceededCount()
				+ " failed=" + (summary.getTestsFailedCount() + summary.getTestsAbortedCount()) + " contexts="
				+ contexts.size() + " generators=" + generators.size() + " ids=" + count + " distinct="
				+ distinct.size() + " increasing=" + increasing);
		out.flush();
		System.exit((summary.getTotalFailureCount() == 0 && summary.getTestsFailedCount() == 0) ? 0 : 1);
	}

}
