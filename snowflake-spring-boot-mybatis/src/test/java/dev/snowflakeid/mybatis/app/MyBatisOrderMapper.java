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
package dev.snowflakeid.mybatis.app;

import java.util.List;

import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

@Mapper
public interface MyBatisOrderMapper {

	@Update("create table if not exists mybatis_order (id bigint primary key, order_number bigint not null unique, "
			+ "item varchar(100))")
	void createTable();

	@Insert("insert into mybatis_order (id, order_number, item) values (#{id}, #{orderNumber}, #{item})")
	int insert(MyBatisOrder order);

	@Insert("<script>insert into mybatis_order (id, order_number, item) values <foreach collection='orders' "
			+ "item='o' separator=','>(#{o.id}, #{o.orderNumber}, #{o.item})</foreach></script>")
	int insertAll(@Param("orders") List<MyBatisOrder> orders);

	@Insert("insert into mybatis_order (id, order_number, item) values (#{id}, #{number}, #{item})")
	int insertMistyped(MistypedOrder order);

	@Update("create table if not exists mybatis_text_order (id varchar(20) primary key, "
			+ "reference varchar(20) not null unique)")
	void createTextTable();

	@Insert("insert into mybatis_text_order (id, reference) values (#{id}, #{reference})")
	int insertText(TextOrder order);

	@Select("select reference from mybatis_text_order where id = #{id}")
	String referenceOf(String id);

	@Insert("insert into mybatis_order (id, order_number, item) values (#{id}, #{orderNumber}, #{item})")
	int insertShipment(Shipment shipment);

	@Update("update mybatis_order set item = #{item} where id = #{id}")
	int update(MyBatisOrder order);

	@Select("select id, order_number, item from mybatis_order where id = #{id}")
	MyBatisOrder find(long id);

	@Select("select id from mybatis_order where item = #{item}")
	List<Long> idsOf(String item);

	/** An order whose id comes from the generator named {@code shipments}. */
	class Shipment {

		@GeneratedSnowflakeId(generator = "shipments")
		Long id;

		@GeneratedSnowflakeId
		long orderNumber;

		String item = "crate";

		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}

		public long getOrderNumber() {
			return this.orderNumber;
		}

		public void setOrderNumber(long orderNumber) {
			this.orderNumber = orderNumber;
		}

		public String getItem() {
			return this.item;
		}

	}

	class TextOrder {

		@GeneratedSnowflakeId
		String id;

		@GeneratedSnowflakeId
		String reference;

		public String getId() {
			return this.id;
		}

		public void setId(String id) {
			this.id = id;
		}

		public String getReference() {
			return this.reference;
		}

		public void setReference(String reference) {
			this.reference = reference;
		}

	}

	class MistypedOrder {

		@GeneratedSnowflakeId
		Integer id;

		long number = 1;

		String item = "mistyped";

		public Integer getId() {
			return this.id;
		}

		public long getNumber() {
			return this.number;
		}

		public String getItem() {
			return this.item;
		}

	}

}
