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
package dev.snowflakeid.lease.tck;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rules every {@link dev.snowflakeid.lease.WorkerLeaseStore} must pass, each a
 * checkable claim of the safety model. A store's test class extends this, supplies a
 * fresh region of its data with {@link #start()} and its faults through
 * {@link LeaseStoreUnderTest}, and declares in {@link #notApplicable()} what it cannot
 * do; passing every rule generated for it is the definition of done of a lease store.
 *
 * <p>
 * Rules that need a capability the store declared not applicable are not generated (no
 * test is skipped); the container of the rules names each declaration with its reason,
 * and one rule checks that every declaration gives one.
 *
 * <p>
 * The rules call the store as the keeper does, one call at a time per client, on the
 * store's own clock; they wait only for a store to come back after a fault (at most 15
 * s).
 */
public abstract class WorkerLeaseStoreTck {

	/**
	 * A fresh region of the store's data for one rule, ready to grant usable ranges.
	 * @throws Exception if the store cannot be set up
	 */
	protected abstract LeaseStoreUnderTest start() throws Exception;

	/**
	 * The capabilities this store does not have, each with the reason shown in the test
	 * report. Default none: every rule runs.
	 */
	protected Map<Capability, String> notApplicable() {
		return Map.of();
	}

	/** The rules that apply to this store, in one container named after it. */
	@TestFactory
	public final Stream<DynamicNode> leaseStoreRules() {
		Map<Capability, String> declared = new EnumMap<>(Capability.class);
		declared.putAll(notApplicable());
		Set<Capability> missing = EnumSet.noneOf(Capability.class);
		missing.addAll(declared.keySet());
		List<DynamicNode> tests = new ArrayList<>();
		tests.add(DynamicTest.dynamicTest("every capability not applicable gives its reason",
				() -> declared.forEach((capability, reason) -> assertTrue(reason != null && !reason.isBlank(),
						capability + " is declared not applicable without a reason"))));
		for (Rule rule : LeaseRules.ALL) {
			if (rule.needs() == null || !missing.contains(rule.needs())) {
				tests.add(DynamicTest.dynamicTest(rule.name() + " (" + rule.claim() + ")", () -> run(rule, missing)));
			}
		}
		String name = getClass().getSimpleName() + ": " + (tests.size() - 1) + " of " + LeaseRules.ALL.size() + " rules"
				+ (declared.isEmpty() ? ""
						: "; not applicable: " + declared.entrySet()
							.stream()
							.map((entry) -> entry.getKey() + " (" + entry.getValue() + ")")
							.collect(Collectors.joining(", ")));
		return Stream.of(DynamicContainer.dynamicContainer(name, tests));
	}

	private void run(Rule rule, Set<Capability> missing) throws Exception {
		try (LeaseStoreUnderTest subject = start()) {
			rule.body().check(subject, missing);
		}
	}

	/**
	 * One rule: what it checks, the claim of the safety model it checks, and the
	 * capability it needs, if any.
	 */
	record Rule(String name, String claim, @Nullable Capability needs, Body body) {

	}

	/** The checks of a rule against one region. */
	@FunctionalInterface
	interface Body {

		void check(LeaseStoreUnderTest subject, Set<Capability> missing) throws Exception;

	}

}
