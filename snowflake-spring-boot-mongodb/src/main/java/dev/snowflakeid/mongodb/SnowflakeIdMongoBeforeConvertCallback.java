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
package dev.snowflakeid.mongodb;

import dev.snowflakeid.IdFormats;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import dev.snowflakeid.persistence.SnowflakeIdAssigner;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.data.mongodb.core.mapping.MongoMappingContext;
import org.springframework.data.mongodb.core.mapping.event.BeforeConvertCallback;

/**
 * Spring Data MongoDB callback that assigns the attributes of a document annotated with
 * {@link GeneratedSnowflakeId} from the application's {@link IdGenerator} when they are
 * {@code null}, {@code 0} or an empty string, before the entity is converted to a BSON
 * document for {@code insert} or {@code save}. A {@code Long} or {@code long} id is then
 * stored as a 64-bit integer {@code _id}; without this callback Spring Data would refuse
 * to save a document with a {@code null} {@code Long} id, since it generates only
 * {@code ObjectId}, {@code String} and {@code BigInteger} ids. Values the caller set are
 * kept. Immutable entities (records, withers) are supported: the callback then returns a
 * new instance. Attributes of embedded documents are left alone.
 *
 * <p>
 * Applies to {@code MongoTemplate} and the repositories built on it; the reactive
 * template uses a reactive callback type that this class does not implement.
 *
 * <p>
 * Runs at order {@value #ORDER}, before callbacks at the default order, so that they see
 * the ID.
 */
public final class SnowflakeIdMongoBeforeConvertCallback implements BeforeConvertCallback<Object>, Ordered {

	/** Order of this callback among entity callbacks. */
	public static final int ORDER = 0;

	private final SnowflakeIdAssigner assigner;

	/**
	 * Creates a callback.
	 * @param mappingContext the mapping context of the documents
	 * @param ids the application's ID generator, resolved when first needed
	 */
	public SnowflakeIdMongoBeforeConvertCallback(MongoMappingContext mappingContext, ObjectProvider<IdGenerator> ids) {
		this(mappingContext, ids, IdFormats.Form.DECIMAL);
	}

	/**
	 * Creates a callback that writes {@code String} attributes in {@code form}.
	 * @param mappingContext the store's mapping context
	 * @param ids the application's ID generator, resolved when first needed
	 * @param form the form of text attributes, from the
	 * {@link dev.snowflakeid.persistence.GeneratedSnowflakeIdForm} bean
	 */
	public SnowflakeIdMongoBeforeConvertCallback(MongoMappingContext mappingContext, ObjectProvider<IdGenerator> ids,
			IdFormats.Form form) {
		this.assigner = new SnowflakeIdAssigner(mappingContext, ids, form);
	}

	/**
	 * Creates a callback that writes {@code String} attributes in {@code form} and takes
	 * the generators that {@code @GeneratedSnowflakeId(generator = ...)} names from
	 * {@code beans}.
	 * @param mappingContext the store's mapping context
	 * @param ids the application's ID generator, resolved when first needed
	 * @param form the form of text attributes
	 * @param beans where named generators are looked up, by bean name
	 */
	public SnowflakeIdMongoBeforeConvertCallback(MongoMappingContext mappingContext, ObjectProvider<IdGenerator> ids,
			IdFormats.Form form, BeanFactory beans) {
		this.assigner = new SnowflakeIdAssigner(mappingContext, ids, form, beans);
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

	@Override
	public Object onBeforeConvert(Object entity, String collection) {
		return this.assigner.assign(entity);
	}

}
