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
