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
package dev.snowflakeid.publicid;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

import dev.snowflakeid.publicid.Workspaces.Workspace;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WorkspacesTests {

	private final Ff1[] ciphers = new Ff1[26];

	WorkspacesTests() {
		this.ciphers[0] = new Ff1(PublicIdsTests.key('a'), PublicIds.RADIX, PublicIds.DIGITS, new byte[0]);
		this.ciphers[2] = new Ff1(PublicIdsTests.key('c'), PublicIds.RADIX, PublicIds.DIGITS, new byte[0]);
	}

	@Test
	void everyHolderHasAWorkspaceOfItsOwnAndReleasedOnesAreLentAgain() {
		Workspaces workspaces = new Workspaces(this.ciphers, PublicIds.LENGTH);
		assertThat(workspaces.slots()).isGreaterThanOrEqualTo(2 * Runtime.getRuntime().availableProcessors());
		Set<Workspace> held = Collections.newSetFromMap(new IdentityHashMap<>());
		for (int i = 0; i < workspaces.slots(); i++) {
			held.add(workspaces.acquire());
		}
		assertThat(held).hasSize(workspaces.slots());
		Workspace extra = workspaces.acquire();
		assertThat(held).doesNotContain(extra);
		assertThat(extra.text).hasSize(PublicIds.LENGTH);
		Workspace released = held.iterator().next();
		workspaces.release(released);
		assertThat(workspaces.acquire()).isSameAs(released);
	}

	@Test
	void enginesAreBuiltOncePerKeyAndWorkspace() {
		Workspaces workspaces = new Workspaces(this.ciphers, PublicIds.LENGTH);
		Workspace workspace = workspaces.acquire();
		Ff1.Engine a = workspace.engine(0);
		Ff1.Engine c = workspace.engine(2);
		assertThat(c).isNotSameAs(a);
		workspaces.release(workspace);
		Workspace again = workspaces.acquire();
		assertThat(again).isSameAs(workspace);
		assertThat(again.engine(0)).isSameAs(a);
		assertThat(again.engine(2)).isSameAs(c);
	}

}
