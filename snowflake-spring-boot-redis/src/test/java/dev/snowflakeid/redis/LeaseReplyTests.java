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
package dev.snowflakeid.redis;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Replies of lease.lua, read by status; anything else is refused rather than guessed at.
 */
class LeaseReplyTests {

	@Test
	void aGrantNamesItsRangeTheAcknowledgementsItNeedsAndItsServer() {
		LeaseReply grant = LeaseReply.of(List.of(1L, 7L, 3L, 100L, 200L, 150L, 1L, "run/repl"));
		assertThat(grant.status()).isEqualTo(LeaseReply.Status.GRANTED);
		assertThat(grant.code()).isEqualTo(7);
		assertThat(grant.generation()).isEqualTo(3);
		assertThat(grant.floor()).isEqualTo(100);
		assertThat(grant.ceiling()).isEqualTo(200);
		assertThat(grant.time()).isEqualTo(150);
		assertThat(grant.acknowledgements()).isOne();
		assertThat(grant.lineage()).isEqualTo("run/repl");
	}

	@Test
	void eachRefusalHasItsOwnStatus() {
		assertThat(LeaseReply.of(List.of(-1L, 5L)).status()).isEqualTo(LeaseReply.Status.NONE_FREE);
		assertThat(LeaseReply.of(List.of(-2L, 5L)).status()).isEqualTo(LeaseReply.Status.EXPIRED);
		assertThat(LeaseReply.of(List.of(-3L, 5L)).status()).isEqualTo(LeaseReply.Status.FENCED);
		assertThat(LeaseReply.of(List.of(-4L, 5L, "layout", "0", "100", "50")).detail(2)).isEqualTo("layout");
		assertThat(LeaseReply.of(List.of(-5L, 5L, 9L)).status()).isEqualTo(LeaseReply.Status.SKEW);
		LeaseReply unsafe = LeaseReply.of(List.of(-6L, 5L, "role is slave, not master"));
		assertThat(unsafe.status()).isEqualTo(LeaseReply.Status.UNSAFE_PRIMARY);
		assertThat(unsafe.time()).isEqualTo(5);
	}

	@Test
	void anythingElseIsNoReply() {
		assertThatIllegalArgumentException().isThrownBy(() -> LeaseReply.of(List.of()));
		assertThatIllegalArgumentException().isThrownBy(() -> LeaseReply.of(List.of(2L, 5L)));
		assertThatIllegalArgumentException().isThrownBy(() -> LeaseReply.of(List.of(1L, 7L, 3L, 100L, 200L, 150L, 1L)))
			.withMessageContaining("not a lease script reply");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LeaseReply.of(List.of(1L, 7L, "3", 100L, 200L, 150L, 1L, "run/repl")));
		assertThatIllegalArgumentException().isThrownBy(() -> LeaseReply.of(List.of("1", 5L)));
	}

}
