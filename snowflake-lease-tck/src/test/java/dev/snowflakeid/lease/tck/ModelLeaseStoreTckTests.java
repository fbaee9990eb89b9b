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
import java.util.List;
import java.util.Map;

import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.tck.ModelLeaseStore.Mutation;
import dev.snowflakeid.lease.tck.ModelLeaseStore.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * The kit against a store that follows the safety model in memory: every rule passes, so
 * the rules can be met; and with one rule of the model broken at a time, the rule that
 * names it fails, so each rule can fail.
 */
class ModelLeaseStoreTckTests {

	@Test
	void aStoreThatFollowsTheModelPassesEveryRule() {
		Mutant.mutation = Mutation.NONE;
		Outcome outcome = run(Mutant.class);
		assertEquals(List.of(), outcome.failed(), "rules the model failed");
		assertEquals(9, outcome.passed().size(), "rules run: " + outcome.passed());
	}

	@ParameterizedTest
	@CsvSource({ "CLAIM_IGNORES_HOLDER, claims are exclusive", "SAME_GENERATION, generations grow",
			"FLOOR_IGNORES_MARKS, a released code is claimable above its last ceiling",
			"RENEW_IGNORES_TOKEN, a stale owner is fenced", "NO_LOSS_DETECTION, a lost state raises floors",
			"LINEAGE_NOT_CHECKED, a restored state raises floors", "RELEASE_KEEPS_CODE, grants not used are released",
			"FLOOR_IGNORES_MARKS, many concurrent claimants never share a range" })
	void eachBrokenRuleFailsTheRuleThatNamesIt(Mutation mutation, String rule) {
		Mutant.mutation = mutation;
		Outcome outcome = run(Mutant.class);
		assertTrue(outcome.failed().stream().anyMatch((name) -> name.startsWith(rule + " (")),
				mutation + " passed '" + rule + "'; failed: " + outcome.failed());
	}

	@Test
	void aCapabilityDeclaredNotApplicableRemovesItsRulesAndNeedsAReason() {
		Mutant.mutation = Mutation.NONE;
		Outcome outcome = run(WithoutExpiry.class);
		assertEquals(List.of("every capability not applicable gives its reason"), outcome.failed());
		assertEquals(7, outcome.passed().size(), "rules run: " + outcome.passed());
		assertTrue(outcome.passed().stream().noneMatch((name) -> name.startsWith("a stale owner is fenced")),
				"a rule that needs expiry was generated: " + outcome.passed());
	}

	private static Outcome run(Class<?> kit) {
		Outcome outcome = new Outcome(new ArrayList<>(), new ArrayList<>());
		Launcher launcher = LauncherFactory.create();
		launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(kit)).build(),
				new TestExecutionListener() {

					@Override
					public void executionFinished(TestIdentifier test, TestExecutionResult result) {
						if (test.isTest()) {
							(result.getStatus() == TestExecutionResult.Status.SUCCESSFUL ? outcome.passed()
									: outcome.failed())
								.add(test.getDisplayName());
						}
					}

				});
		return outcome;
	}

	/** The model declaring expiry not applicable, without a reason. */
	static class WithoutExpiry extends Mutant {

		@Override
		protected Map<Capability, String> notApplicable() {
			return Map.of(Capability.EXPIRY, " ");
		}

	}

	private record Outcome(List<String> passed, List<String> failed) {

	}

	/**
	 * The model with {@link #mutation}; run only through the launcher above (a nested
	 * class, which the build's test selection leaves out).
	 */
	static class Mutant extends WorkerLeaseStoreTck {

		static volatile Mutation mutation = Mutation.NONE;

		@Override
		protected LeaseStoreUnderTest start() {
			Mutation broken = mutation;
			Server server = new Server(4);
			return new LeaseStoreUnderTest() {

				@Override
				public ModelLeaseStore open() {
					return new ModelLeaseStore(server, broken);
				}

				@Override
				public int codes() {
					return 4;
				}

				@Override
				public void expire(LeaseGrant grant) {
					server.expire(grant.workerCode());
				}

				@Override
				public void loseState() {
					server.loseState();
				}

				@Override
				public Runnable snapshotState() {
					return server.snapshot();
				}

				@Override
				public void close() {
				}

			};
		}

	}

}
